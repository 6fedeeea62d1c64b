import type { Core } from '@strapi/strapi';
import { clientOrigin, documentPreviewPath, previewSettingsFrom, previewUrl, type PreviewTarget } from '../src/lib/preview';

/**
 * Strapi's Preview panel (decisions 61, 83): on when the website is known (CLIENT_URL), which then needs
 * PREVIEW_SECRET to sign preview links with; off otherwise, as the panel would only link to Strapi's docs.
 * `allowedOrigins` is also what Strapi lets the admin frame (its CSP's frame-src): the website alone.
 * Only an admin who may read the entry in that locale gets its URL (global::may-preview, put on the
 * panel's route by src/extensions/content-manager).
 */
function previewConfig(env: Core.Config.Shared.ConfigParams['env']) {
  const settings = previewSettingsFrom((name) => env(name));
  if (!settings) return { enabled: false };
  return {
    enabled: true,
    config: {
      allowedOrigins: [clientOrigin(settings.clientUrl)],
      handler: async (uid: string, target: PreviewTarget) => previewUrl(settings, uid, target, Date.now(), await documentPreviewPath(uid, target)),
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
