import type { Core } from '@strapi/strapi';

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
  // The Content Manager's "Preview" panel would only link editors to Strapi's documentation here.
  preview: { enabled: false },
  flags: {
    nps: false,
    promoteEE: false,
  },
});
