/**
 * Google sign-in through users-permissions' provider flow (issue 33), configured by environment only:
 * closed while GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are unset; with both, GET /api/connect/google
 * sends the browser to Google's authorize URL with that client id and this service's callback, and
 * Google's answer comes back to the website (CLIENT_URL + ACCOUNT_GOOGLE_CALLBACK_PATH). The settings
 * are applied as every start applies them (openAccountsForBuyers at bootstrap), run again here with
 * the configuration changed. No Google: the OAuth exchange itself is never attempted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { appModule, getStrapi, http, previewSite } from '../helpers/app';

const CLIENT_ID = '123456789-test.apps.googleusercontent.com';
const CLIENT_SECRET = 'test-google-client-secret';

let strapi: Core.Strapi;
let clientUrl: string;
let original: { clientId: string; clientSecret: string };

const openAccounts = () => appModule<{ openAccountsForBuyers(strapi: Core.Strapi): Promise<void> }>('src/api/account/auth/access').openAccountsForBuyers(strapi);
/** The environment's GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET as config/accounts.ts reads them, applied as at a start. */
async function startWithGoogle(google: { clientId: string; clientSecret: string }): Promise<void> {
  strapi.config.set('accounts.google', google);
  await openAccounts();
}
const connect = async (path = '/api/connect/google') => (await http()).get(path).redirects(0);

beforeAll(async () => {
  strapi = await getStrapi();
  clientUrl = (await previewSite()).url.replace(/\/$/, '');
  original = structuredClone(strapi.config.get('accounts.google')) as typeof original;
});

afterAll(async () => {
  await startWithGoogle(original);
});

describe('Google sign-in', () => {
  it('is closed while GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are unset, or only one of them is', async () => {
    for (const google of [{ clientId: '', clientSecret: '' }, { clientId: CLIENT_ID, clientSecret: '' }, { clientId: '', clientSecret: CLIENT_SECRET }]) {
      await startWithGoogle(google);
      for (const path of ['/api/connect/google', '/api/connect/google/callback?code=x&state=y']) {
        const res = await connect(path);
        expect(res.status, `${JSON.stringify(google)} ${path}`).toBe(403);
        expect(res.headers.location).toBeUndefined();
        expect(res.text).not.toContain('accounts.google.com');
      }
      // Strapi's own exchange of a provider's access token (it would ask Google): refused before any request.
      const exchange = await connect('/api/auth/google/callback?access_token=forged');
      expect(exchange.status, JSON.stringify(google)).toBe(400);
      expect(exchange.body.error).toMatchObject({ status: 400, name: 'ApplicationError', message: 'This provider is disabled' });
    }
  });

  describe('with both set', () => {
    beforeAll(async () => {
      await startWithGoogle({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    });

    it("redirects to Google's authorize URL with the client id, this service's callback and a state", async () => {
      const res = await connect();
      expect(res.status).toBe(302);
      const location = new URL(res.headers.location);
      expect(`${location.origin}${location.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
      expect(location.searchParams.get('client_id')).toBe(CLIENT_ID);
      expect(location.searchParams.get('response_type')).toBe('code');
      // The OAuth redirect URI to register at Google (README): PUBLIC_URL/api/connect/google/callback.
      expect(location.searchParams.get('redirect_uri')).toBe('http://cms.test.local/api/connect/google/callback');
      expect(location.searchParams.get('scope')).toBe('email');
      expect(location.searchParams.get('state')).toMatch(/^\S{16,}$/);
      expect(res.headers.location).not.toContain(CLIENT_SECRET);
    });

    it("sends Google's answer on to the website page under CLIENT_URL; a forged state never reaches Google's token endpoint", async () => {
      const res = await connect('/api/connect/google/callback?code=forged-code&state=forged-state');
      expect(res.status).toBe(302);
      const location = new URL(res.headers.location);
      expect(`${location.origin}${location.pathname}`).toBe(`${clientUrl}/account/google`);
      expect(location.searchParams.get('error')).toBe('oauth_error');
      expect(location.searchParams.get('access_token')).toBeNull();

      const refused = await connect('/api/connect/google/callback?error=access_denied');
      expect(refused.status).toBe(302);
      const back = new URL(refused.headers.location);
      expect(`${back.origin}${back.pathname}`).toBe(`${clientUrl}/account/google`);
      expect(back.searchParams.get('error')).toBe('access_denied');
    });

    it('opens no other provider', async () => {
      for (const provider of ['github', 'facebook', 'microsoft', 'email']) {
        const res = await connect(`/api/connect/${provider}`);
        expect(res.status, provider).toBe(400);
        expect(res.headers.location, provider).toBeUndefined();
      }
    });
  });
});
