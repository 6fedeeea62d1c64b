/**
 * Red team: preview tokens (decision 83). Altered, truncated, re-signed, expired and foreign tokens, on
 * every route that reads drafts, in both languages: only the genuine token, on a route that shows its
 * type and in its locale, ever reads a draft; everything else is a 401 envelope.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getStrapi, http, previewSite } from '../helpers/app';
import { signPreviewToken } from '../../src/lib/preview-token';
import { recordFigures } from './figures';

const RUNS = Number(process.env.RESILIENCE_FUZZ_RUNS || 800);
const HERO = 'api::luxury.luxury-hero';
const ROUTES = ['/api/v1/luxury', '/api/v1/contact-us-page', '/api/v1/off-plan', '/api/v1/off-plan/projects', '/api/v1/off-plan/projects/filters'];

/** One character of `token` replaced, removed or added at `at`. */
function mutated(token: string, at: number, how: number, char: string): string {
  const index = at % (token.length + 1);
  if (how === 0) return token.slice(0, index) + char + token.slice(index + 1);
  if (how === 1) return token.slice(0, index) + token.slice(index + 1);
  return token.slice(0, index) + char + token.slice(index);
}

describe('preview tokens', () => {
  it('read a draft only when genuine, unexpired, for a route that shows the entry, in its language', async () => {
    const strapi = await getStrapi();
    const secret = (await previewSite()).secret;
    const hero = (await strapi.documents(HERO).findFirst({ locale: 'en' }))!.documentId;
    const genuine = signPreviewToken(secret, { uid: HERO, documentId: hero, locale: 'en' }, Date.now() + 10 * 60_000);
    const statuses: Record<string, number> = {};
    let drafts = 0;
    const token = fc.oneof(
      fc.constant(genuine),
      fc.tuple(fc.nat(), fc.integer({ min: 0, max: 2 }), fc.constantFrom('A', '_', '-', '.', '0', 'z')).map(([at, how, char]) => mutated(genuine, at, how, char)),
      fc.string({ maxLength: 80 }).map((other) => signPreviewToken(other || 'x', { uid: HERO, documentId: hero, locale: 'en' }, Date.now() + 60_000)),
      fc.integer({ min: 1, max: 10 ** 9 }).map((ago) => signPreviewToken(secret, { uid: HERO, documentId: hero, locale: 'en' }, Date.now() - ago)),
      fc.string({ maxLength: 200 })
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), fc.constantFrom('en', 'ar'), token, async (route, locale, preview) => {
        const res = await (await http()).get(route).query({ status: 'draft', locale, preview });
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        const mayRead = preview === genuine && route === '/api/v1/luxury' && locale === 'en';
        if (res.status === 200) drafts += 1;
        expect(res.status, `${route} ${locale} ${preview}`).toBe(mayRead ? 200 : 401);
        if (!mayRead) expect(res.body).toMatchObject({ success: false, status_code: 401, error_code: 'UNAUTHORIZED' });
      }),
      { numRuns: RUNS }
    );
    recordFigures('preview tokens', { requests: RUNS, statuses, drafts_read: drafts });
  });
});
