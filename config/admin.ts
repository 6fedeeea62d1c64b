import type { Core } from '@strapi/strapi';
import { clientOrigin, parsePreviewPaths, previewUrl, type PreviewSettings, type PreviewTarget } from '../src/lib/preview';

/**
 * Strapi's Preview panel (decision 61): on when the website is known (CLIENT_URL), which must then share
 * a secret with the service (PREVIEW_SECRET); off otherwise, as the panel would only link to Strapi's docs.
 * `allowedOrigins` is also what Strapi lets the admin frame (its CSP's frame-src): the website alone.
 */
function previewConfig(env: Core.Config.Shared.ConfigParams['env']) {
  const origin = clientOrigin(env('CLIENT_URL'));
  const secret = env('PREVIEW_SECRET', '');
  if (!origin) return { enabled: false };
  // A website that enters preview mode without a secret would show drafts to whoever finds the link.
  if (secret === '') throw new Error('CLIENT_URL is set but PREVIEW_SECRET is not: set it to a long random value the website also holds');
  const settings: PreviewSettings = { clientUrl: env('CLIENT_URL', ''), secret, paths: parsePreviewPaths(env('PREVIEW_PATHS')) };
  return {
    enabled: true,
    config: {
      allowedOrigins: [origin],
      handler: async (uid: string, target: PreviewTarget) => previewUrl(settings, uid, target),
    },
  };
}

export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  autoOpen: false,
  auth: { secret: env('ADMIN_JWT_SECRET') },
  apiToken: { salt: env('API_TOKEN_SALT') },
  transfer: { token: { salt: env('TRANSFER_TOKEN_SALT') } },
  secrets: { encryptionKey: env('ENCRYPTION_KEY') },
  // Failed and successful admin logins allowed per IP and e-mail per 5 minutes (Strapi's default: 5).
  rateLimit: { enabled: true, max: env.int('ADMIN_LOGIN_RATE_LIMIT_MAX', 5) },
  // Strapi's AI features call an outside service; they also need an Enterprise licence. Off.
  ai: { enabled: false },
  preview: previewConfig(env),
  flags: {
    nps: false,
    promoteEE: false,
  },
});
