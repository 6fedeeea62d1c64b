import { describe, expect, it } from 'vitest';
import { DEFAULT_ROBOTS, robotsText } from '../../src/api/sitemap/lib/robots';
import { chunked, renderIndex, renderParts, SITEMAP_LIMITS } from '../../src/api/sitemap/lib/sitemap-parts';
import { latest, urlsOf } from '../../src/api/sitemap/lib/sitemap-urls';
import { LOCALES } from '../../src/lib/locale';
import { pageAlternates } from '../../src/api/website/services/site-pages';
import { validateSitemap } from '../helpers/sitemap-schemas';

const project = (slug: string, lastModified?: number) => ({ kind: 'project' as const, params: { slug }, lastModified });
const linksOf = (url: ReturnType<typeof urlsOf>[number]) => Object.fromEntries((url.links ?? []).map((link) => [link.hreflang ?? link.lang, link.url]));

describe('a page in the sitemap', () => {
  it('is one <url> per language, each naming the whole cluster (every language and x-default, itself included)', () => {
    const urls = urlsOf(project('marina-vista', Date.UTC(2026, 0, 2)));
    const alternates = pageAlternates('project', { slug: 'marina-vista' });
    expect(urls.map((url) => url.url)).toEqual(LOCALES.map((locale) => alternates[locale]));
    for (const url of urls) {
      expect(linksOf(url)).toEqual(alternates);
      expect(Object.values(linksOf(url))).toContain(url.url);
      expect(url.lastmod).toBe('2026-01-02T00:00:00.000Z');
    }
    // Reciprocal: each member of the cluster names every other one, and x-default is the English page.
    const locs = new Set(urls.map((url) => url.url));
    for (const url of urls) for (const loc of locs) expect(Object.values(linksOf(url))).toContain(loc);
    expect(linksOf(urls[0])['x-default']).toBe(alternates.en);
  });

  it('has no lastmod when no date is known', () => {
    expect(urlsOf(project('no-date')).every((url) => url.lastmod === undefined)).toBe(true);
    expect(latest([undefined, 3, 7, undefined, 5])).toBe(7);
    expect(latest([])).toBeUndefined();
  });
});

describe('the parts', () => {
  it('hold at most 50,000 URLs each, as the protocol says', () => {
    expect(SITEMAP_LIMITS).toEqual({ urls: 50_000, bytes: 50 * 1024 * 1024 });
    const items = Array.from({ length: 100_001 }, (_, index) => index);
    expect(chunked(items, SITEMAP_LIMITS.urls).map((chunk) => chunk.length)).toEqual([50_000, 50_000, 1]);
    expect(chunked(items, SITEMAP_LIMITS.urls).flat()).toEqual(items);
    expect(chunked([], SITEMAP_LIMITS.urls)).toEqual([]);
  });

  it('are cut per section at the URL limit and named <section>-<n>', async () => {
    const urls = Array.from({ length: 5 }, (_, index) => urlsOf(project(`p${index}`, Date.UTC(2026, 0, index + 1)))).flat();
    const parts = await renderParts([['pages', []], ['projects', urls]], { urls: 4, bytes: SITEMAP_LIMITS.bytes });
    expect(parts.map((part) => [part.name, part.urls])).toEqual([['projects-1', 4], ['projects-2', 4], ['projects-3', 2]]);
    expect(parts.map((part) => part.lastmod)).toEqual(['2026-01-02T00:00:00.000Z', '2026-01-04T00:00:00.000Z', '2026-01-05T00:00:00.000Z']);
  });

  it('are halved until each is within the byte limit', async () => {
    const urls = Array.from({ length: 8 }, (_, index) => urlsOf(project(`project-${index}`))).flat();
    const whole = (await renderParts([['projects', urls]]))[0].xml.length;
    const parts = await renderParts([['projects', urls]], { urls: SITEMAP_LIMITS.urls, bytes: Math.ceil(whole / 3) });
    expect(parts.length).toBeGreaterThan(2);
    expect(parts.every((part) => part.xml.length <= Math.ceil(whole / 3))).toBe(true);
    expect(parts.reduce((sum, part) => sum + part.urls, 0)).toBe(urls.length);
  });

  it('and their index are valid against the sitemaps.org schemas', async () => {
    const parts = await renderParts([['projects', [...urlsOf(project('a & b', Date.UTC(2026, 0, 1))), ...urlsOf(project('c'))]]]);
    await validateSitemap(parts[0].xml, 'sitemap-hreflang.xsd');
    const index = await renderIndex(parts, (name) => `https://www.example.com/sitemaps/${name}.xml`);
    expect(index.toString()).toContain('<loc>https://www.example.com/sitemaps/projects-1.xml</loc><lastmod>2026-01-01T00:00:00.000Z</lastmod>');
    await validateSitemap(index, 'siteindex.xsd');
  });
});

describe('robots.txt', () => {
  const sitemap = 'https://api.example.com/api/v1/sitemap.xml';

  it('allows everything by default and names the sitemap', () => {
    expect(robotsText(null, sitemap)).toBe(`${DEFAULT_ROBOTS}\n\nSitemap: ${sitemap}\n`);
    expect(robotsText('  \r\n', sitemap)).toBe(`${DEFAULT_ROBOTS}\n\nSitemap: ${sitemap}\n`);
  });

  it("keeps the editors' text, adding the sitemap unless it names one", () => {
    expect(robotsText('User-agent: *\r\nDisallow: /private', sitemap)).toBe(`User-agent: *\nDisallow: /private\n\nSitemap: ${sitemap}\n`);
    expect(robotsText('User-agent: *\nsitemap: https://www.example.com/s.xml', sitemap)).toBe('User-agent: *\nsitemap: https://www.example.com/s.xml\n');
  });
});
