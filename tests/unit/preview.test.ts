/**
 * The preview URL per type and locale with its signed, expiring token, the path map, what a token lets a
 * request read, and the `status` parameter (decisions 60-61, 83).
 */
import { describe, expect, it } from 'vitest';
import { PREVIEW_TOKEN_MESSAGES, previewScopeOf, statusParam, versionOf, versionsFor } from '../../src/lib/drafts';
import { clientOrigin, declarePreviewDocuments, declarePreviewPages, documentPreviewPath, previewPathFor, previewSettingsFrom, previewUrl, showsType } from '../../src/lib/preview';
import { DEFAULT_SITE_PATHS, parseSitePaths, SITE_PAGES, useSitePaths } from '../../src/api/website/services/site-pages';
import { previewPages, siteRouteOf, type SiteRoute } from '../../src/lib/site-routes';
import contactRoutes from '../../src/api/contact/routes/contact';
import luxuryRoutes from '../../src/api/luxury/routes/luxury';
import offPlanRoutes from '../../src/api/off-plan/routes/off-plan';
import { signPreviewToken, verifyPreviewToken } from '../../src/lib/preview-token';

const NOW = Date.parse('2031-01-01T09:00:00Z');
const settings = { clientUrl: 'https://www.example.ae/', secret: 's3cret', tokenTtlMinutes: 10 };

/** The pages the routes declare, as the app's bootstrap hands them to the Preview panel. */
const declared = [luxuryRoutes, contactRoutes, offPlanRoutes].flatMap((router) => router.routes.map(siteRouteOf)).filter((route): route is SiteRoute => route !== undefined);
declarePreviewPages(previewPages(declared), SITE_PAGES);
const HERO = 'api::luxury.luxury-hero';

describe('previewUrl', () => {
  it("builds the website's preview route with the page, status, locale and a token for that entry, never the secret", () => {
    const url = new URL(previewUrl(settings, HERO, { documentId: 'abc', locale: 'ar', status: 'draft' }, NOW)!);
    expect(url.origin + url.pathname).toBe('https://www.example.ae/api/preview');
    const { token, ...rest } = Object.fromEntries(url.searchParams);
    expect(rest).toEqual({ url: '/ar/luxury', status: 'draft', locale: 'ar' });
    expect(url.href).not.toContain('s3cret');
    expect(verifyPreviewToken('s3cret', token, NOW)).toEqual({ ok: true, scope: { uid: HERO, documentId: 'abc', locale: 'ar' }, expiresAt: NOW + 600_000 });
  });

  it('maps every luxury type to the luxury page, the other pages to theirs, each in its language, and has none for the leads', () => {
    expect(previewPathFor('api::luxury.luxury-testimonial', 'en')).toBe('/luxury');
    expect(previewPathFor('api::contact.contact-page', 'en')).toBe('/contact');
    expect(previewPathFor('api::off-plan.off-plan-page', 'ar')).toBe('/ar/off-plan');
    expect(previewUrl(settings, 'api::contact.contact', { documentId: 'x', locale: 'en' }, NOW)).toBeNull();
    expect(previewUrl(settings, HERO, { documentId: 'x', locale: 'fr' }, NOW)).toBeNull();
  });

  it("opens an entry of a type whose entries have their own page at that page, in the entry's language", async () => {
    declarePreviewDocuments('api::pages.page', async (documentId, locale) => (documentId === 'known' ? `${locale === 'ar' ? '/ar' : ''}/campaigns/spring` : undefined));
    const path = await documentPreviewPath('api::pages.page', { documentId: 'known', locale: 'ar' });
    expect(path).toBe('/ar/campaigns/spring');
    expect(new URL(previewUrl(settings, 'api::pages.page', { documentId: 'known', locale: 'ar' }, NOW, path)!).searchParams.get('url')).toBe('/ar/campaigns/spring');
    expect(await documentPreviewPath('api::pages.page', { documentId: 'gone', locale: 'en' })).toBeUndefined();
    expect(previewUrl(settings, 'api::pages.page', { documentId: 'gone', locale: 'en' }, NOW, undefined)).toBeNull();
    expect(await documentPreviewPath(HERO, { documentId: 'abc', locale: 'en' })).toBeUndefined();
  });

  it('asks for the published version only when the panel shows it, and keeps a base path', () => {
    const url = new URL(previewUrl({ ...settings, clientUrl: 'https://example.ae/site' }, 'api::contact.contact-page', { documentId: 'c', status: 'published' }, NOW)!);
    expect(url.pathname).toBe('/site/api/preview');
    expect(url.searchParams.get('status')).toBe('published');
    expect(url.searchParams.get('locale')).toBe('en');
  });
});

describe('preview tokens', () => {
  const scope = { uid: HERO, documentId: 'abc', locale: 'ar' };
  const token = signPreviewToken('s3cret', scope, NOW + 60_000);

  it('hold their scope until they expire', () => {
    expect(verifyPreviewToken('s3cret', token, NOW + 59_000)).toMatchObject({ ok: true, scope });
    expect(verifyPreviewToken('s3cret', token, NOW + 60_000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('are refused when signed with another key, altered or not tokens at all', () => {
    expect(verifyPreviewToken('other', token, NOW)).toEqual({ ok: false, reason: 'signature' });
    const [version, payload, signature] = token.split('.');
    const widened = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), u: 'api::contact.contact-page' })).toString('base64url');
    expect(verifyPreviewToken('s3cret', `${version}.${widened}.${signature}`, NOW)).toEqual({ ok: false, reason: 'signature' });
    for (const junk of ['', 's3cret', 'v1..', `v2.${payload}.${signature}`, `${token}.x`]) expect(verifyPreviewToken('s3cret', junk, NOW).ok, junk).toBe(false);
    // The last character of a 32-byte base64url value carries spare bits: another spelling of it is still another token.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelled = `${version}.${payload}.${signature.slice(0, -1)}${alphabet[alphabet.indexOf(signature.at(-1)!) ^ 1]}`;
    expect(Buffer.from(respelled.split('.')[2], 'base64url')).toEqual(Buffer.from(signature, 'base64url'));
    expect(verifyPreviewToken('s3cret', respelled, NOW)).toEqual({ ok: false, reason: 'signature' });
  });

  it('let a request read that one draft, on a route that shows its type, in its locale', () => {
    expect(previewScopeOf('s3cret', token, ['api::luxury.*'], 'ar', NOW)).toEqual(scope);
    const refusal = (call: () => unknown) => {
      try {
        call();
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(refusal(() => previewScopeOf('s3cret', token, ['api::contact.contact-page'], 'ar', NOW))).toBe(PREVIEW_TOKEN_MESSAGES.otherPage);
    expect(refusal(() => previewScopeOf('s3cret', token, ['api::luxury.*'], 'en', NOW))).toBe(PREVIEW_TOKEN_MESSAGES.otherLocale('ar'));
    expect(refusal(() => previewScopeOf('s3cret', token, ['api::luxury.*'], 'ar', NOW + 60_000))).toBe(PREVIEW_TOKEN_MESSAGES.expired);
    expect(refusal(() => previewScopeOf('s3cret', ['a', 'b'], ['api::luxury.*'], 'ar', NOW))).toBe(PREVIEW_TOKEN_MESSAGES.invalid);
    expect(refusal(() => previewScopeOf(undefined, token, ['api::luxury.*'], 'ar', NOW))).toBe(PREVIEW_TOKEN_MESSAGES.off);
  });

  it('read the scoped document as a draft and every other one published; an API token reads every draft', () => {
    const previewing = versionsFor({ status: 'draft', preview: scope });
    expect(versionOf(previewing, HERO, 'ar')).toBe('draft');
    expect(versionOf(previewing, HERO, 'en')).toBe('published');
    expect(versionOf(previewing, 'api::luxury.luxury-cta', 'ar')).toBe('published');
    expect(versionOf(versionsFor({ status: 'draft' }), 'api::luxury.luxury-cta', 'en')).toBe('draft');
    expect(versionOf(versionsFor({}), HERO, 'ar')).toBe('published');
    expect(showsType(['api::luxury.*'], 'api::luxury.luxury-testimonial')).toBe(true);
    expect(showsType(['api::off-plan.off-plan-page'], 'api::luxury.luxury-hero')).toBe(false);
  });
});

describe('preview settings from the environment', () => {
  const from = (env: Record<string, string>) => previewSettingsFrom((name) => env[name]);

  it('are off without CLIENT_URL, and refuse a start without a signing key or with a bad lifetime', () => {
    expect(from({ PREVIEW_SECRET: 'x' })).toBeUndefined();
    expect(from({ CLIENT_URL: 'https://site.ae', PREVIEW_SECRET: 'k' })).toMatchObject({ secret: 'k', tokenTtlMinutes: 10 });
    expect(from({ CLIENT_URL: 'https://site.ae', PREVIEW_SECRET: 'k', PREVIEW_TOKEN_TTL_MINUTES: '30' })?.tokenTtlMinutes).toBe(30);
    expect(() => from({ CLIENT_URL: 'https://site.ae' })).toThrow(/PREVIEW_SECRET/);
    for (const ttl of ['0', '61', '1.5', 'ten']) expect(() => from({ CLIENT_URL: 'https://site.ae', PREVIEW_SECRET: 'k', PREVIEW_TOKEN_TTL_MINUTES: ttl })).toThrow(/PREVIEW_TOKEN_TTL_MINUTES/);
  });
});

describe("the preview's pages come from the site's paths map", () => {
  it('opens the page SITE_PATHS names, in the entry\'s language', () => {
    try {
      useSitePaths({ clientUrl: 'https://site.ae', paths: parseSitePaths('contact.en=/contact-us, luxury.ar=/ar/fakhama') });
      expect(previewPathFor('api::contact.contact-page', 'en')).toBe('/contact-us');
      expect(previewPathFor('api::luxury.luxury-cta', 'ar')).toBe('/ar/fakhama');
      expect(previewPathFor('api::off-plan.off-plan-page', 'en')).toBe('/off-plan');
    } finally {
      useSitePaths({ clientUrl: 'https://site.ae', paths: DEFAULT_SITE_PATHS });
    }
  });

  it('refuses a start that still sets PREVIEW_PATHS, which SITE_PATHS replaced', () => {
    expect(() => previewSettingsFrom((name) => ({ CLIENT_URL: 'https://site.ae', PREVIEW_SECRET: 'k', PREVIEW_PATHS: 'api::contact.contact-page=/c' })[name])).toThrow(/PREVIEW_PATHS is replaced by SITE_PATHS/);
  });
});

describe('clientOrigin', () => {
  it('is the origin of an http(s) CLIENT_URL, else nothing', () => {
    expect(clientOrigin('https://www.example.ae/path')).toBe('https://www.example.ae');
    expect(clientOrigin('ftp://example.ae')).toBeUndefined();
    expect(clientOrigin('not a url')).toBeUndefined();
    expect(clientOrigin(undefined)).toBeUndefined();
  });
});

describe('the status parameter', () => {
  it('is published by default, draft on request, and nothing else', () => {
    expect(statusParam(undefined)).toBe('published');
    expect(statusParam('')).toBe('published');
    expect(statusParam(' Draft ')).toBe('draft');
    expect(statusParam('preview')).toBeUndefined();
    expect(statusParam(['draft', 'draft'])).toBeUndefined();
  });

});
