/** The preview URL per type and locale, the path map, and the `status` parameter (decisions 60-61). */
import { describe, expect, it } from 'vitest';
import { statusParam } from '../../src/lib/drafts';
import { clientOrigin, DEFAULT_PREVIEW_PATHS, parsePreviewPaths, previewPathFor, previewUrl } from '../../src/lib/preview';

const settings = { clientUrl: 'https://www.example.ae/', secret: 's3cret', paths: DEFAULT_PREVIEW_PATHS };

describe('previewUrl', () => {
  it("builds the website's preview route with the page, status, locale and secret", () => {
    const url = new URL(previewUrl(settings, 'api::luxury.luxury-hero', { documentId: 'abc', locale: 'ar', status: 'draft' })!);
    expect(url.origin + url.pathname).toBe('https://www.example.ae/api/preview');
    expect(Object.fromEntries(url.searchParams)).toEqual({ secret: 's3cret', url: '/luxury', status: 'draft', locale: 'ar' });
  });

  it('maps every luxury type to the luxury page, the other pages to theirs, and has none for the leads', () => {
    expect(previewPathFor('api::luxury.luxury-testimonial', DEFAULT_PREVIEW_PATHS)).toBe('/luxury');
    expect(previewPathFor('api::contact.contact-page', DEFAULT_PREVIEW_PATHS)).toBe('/contact');
    expect(previewPathFor('api::off-plan.off-plan-page', DEFAULT_PREVIEW_PATHS)).toBe('/off-plan');
    expect(previewUrl(settings, 'api::contact.contact', { documentId: 'x', locale: 'en' })).toBeNull();
  });

  it('asks for the published version only when the panel shows it, and keeps a base path', () => {
    const url = new URL(previewUrl({ ...settings, clientUrl: 'https://example.ae/site' }, 'api::contact.contact-page', { status: 'published' })!);
    expect(url.pathname).toBe('/site/api/preview');
    expect(url.searchParams.get('status')).toBe('published');
    expect(url.searchParams.has('locale')).toBe(false);
  });
});

describe('PREVIEW_PATHS', () => {
  it('lays pairs over the defaults, a whole API with .*', () => {
    const paths = parsePreviewPaths(' api::contact.contact-page=/contact-us , api::luxury.*=/ar/luxury');
    expect(paths['api::contact.contact-page']).toBe('/contact-us');
    expect(previewPathFor('api::luxury.luxury-cta', paths)).toBe('/ar/luxury');
    expect(paths['api::off-plan.off-plan-page']).toBe('/off-plan');
  });

  it('refuses a pair that is not uid=/path', () => {
    expect(() => parsePreviewPaths('contact-page=/contact')).toThrow(/PREVIEW_PATHS/);
    expect(() => parsePreviewPaths('api::contact.contact-page=contact')).toThrow(/uid=\/path/);
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
