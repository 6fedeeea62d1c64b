/**
 * The website's paths map (decision 108): a page's URL per kind and locale under CLIENT_URL, its
 * alternates for hreflang, and SITE_PATHS checked at start.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_URL, DEFAULT_SITE_PATHS, pageAlternates, pageLinks, pagePath, pageUrl, parseSitePaths, sitePathsFrom, useSitePaths } from '../../src/api/website/services/site-pages';

const from = (env: Record<string, string>) => sitePathsFrom((name) => env[name]);

afterEach(() => useSitePaths({ clientUrl: DEFAULT_CLIENT_URL, paths: DEFAULT_SITE_PATHS }));

describe('pageUrl and pageAlternates', () => {
  it('fill the kind\'s pattern in each language under CLIENT_URL, keeping its base path, URL-encoding the params', () => {
    useSitePaths(from({ CLIENT_URL: 'https://www.example.ae/site/' }));
    expect(pageUrl('project', 'en', { slug: 'marina-vista' })).toBe('https://www.example.ae/site/off-plan/marina-vista');
    expect(pageUrl('project', 'ar', { slug: 'a b/ç' })).toBe('https://www.example.ae/site/ar/off-plan/a%20b%2F%C3%A7');
    expect(pageUrl('emirate', 'en', { state_id: 'DU' })).toBe('https://www.example.ae/site/off-plan/emirates/DU');
    expect(pageUrl('contact', 'ar')).toBe('https://www.example.ae/site/ar/contact');
    expect(pageAlternates('developer', { slug: 'emaar' })).toEqual({
      en: 'https://www.example.ae/site/developers/emaar',
      ar: 'https://www.example.ae/site/ar/developers/emaar',
      'x-default': 'https://www.example.ae/site/developers/emaar',
    });
  });

  it('start from the documented default without CLIENT_URL, so an answer\'s URLs never go missing', () => {
    useSitePaths(from({}));
    expect(pageUrl('luxury', 'en')).toBe('http://localhost:3000/luxury');
    expect(pagePath('off-plan', 'ar')).toBe('/ar/off-plan');
  });

  it('give an answer its page\'s links: the URL in its language and the page in every language', () => {
    useSitePaths(from({ CLIENT_URL: 'https://www.example.ae' }));
    expect(pageLinks('contact', 'ar')).toEqual({
      canonical_url: 'https://www.example.ae/ar/contact',
      alternates: { en: 'https://www.example.ae/contact', ar: 'https://www.example.ae/ar/contact', 'x-default': 'https://www.example.ae/contact' },
    });
  });

  it('refuse a page without its parameter (a mistake in the code, never a broken link)', () => {
    expect(() => pageUrl('project', 'en')).toThrow(/needs its slug/);
  });
});

describe('SITE_PATHS', () => {
  it('lays kind.locale=/path pairs over the defaults', () => {
    const paths = parseSitePaths(' project.ar=/ar/mashari/{slug} , contact.en=/contact-us?from=cms');
    expect(paths.project).toEqual({ en: '/off-plan/{slug}', ar: '/ar/mashari/{slug}' });
    expect(paths.contact.en).toBe('/contact-us?from=cms');
    expect(paths.luxury).toEqual(DEFAULT_SITE_PATHS.luxury);
  });

  it('stops the start with one sentence on a typo', () => {
    const refusals: Array<[string, RegExp]> = [
      ['project=/p/{slug}', /"project=\/p\/\{slug\}" is not kind\.locale=\/path/],
      ['projet.en=/p/{slug}', /"projet" is not a page kind/],
      ['project.fr=/fr/{slug}', /"fr" is not a locale/],
      ['project.en=p/{slug}', /is not a path starting with \//],
      ['project.en=/p/{id}', /must name \{slug\} once/],
      ['project.en=/p/{slug}/{slug}', /must name \{slug\} once/],
      ['contact.en=/c/{slug}', /must name no parameter/],
      ['luxury.ar=/luxury', /luxury has the same path in two languages/],
    ];
    for (const [configured, message] of refusals) expect(() => parseSitePaths(configured), configured).toThrow(message);
  });

  it('refuses a CLIENT_URL that is set but is not an http(s) URL', () => {
    expect(() => from({ CLIENT_URL: 'www.example.ae' })).toThrow(/CLIENT_URL: "www.example.ae" is not an http\(s\) URL/);
    expect(from({ CLIENT_URL: '' }).clientUrl).toBe(DEFAULT_CLIENT_URL);
  });
});
