import type { Core } from '@strapi/strapi';

/**
 * Order matters: `global::api-edge` sits just inside `strapi::errors`, so every error raised under
 * /api/v1 and /api/extsource (body parsing, routing, controllers) reaches it first and leaves in our
 * envelope, while the admin panel keeps Strapi's own error format.
 */
export default ({ env }: Core.Config.Shared.ConfigParams) => [
  'strapi::logger',
  'strapi::errors',
  'global::api-edge',
  'strapi::security',
  // Browser origins allowed to call the API (the website); "*" allows any.
  { name: 'strapi::cors', config: { origin: env.array('CORS_ORIGINS', ['*']) } },
  'strapi::poweredBy',
  'strapi::session',
  'strapi::query',
  'strapi::body',
  'strapi::favicon',
  'strapi::public',
];
