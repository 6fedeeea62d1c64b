/** The `accounts` configuration (config/accounts.ts), typed. */
import type { Core } from '@strapi/strapi';

export interface AccountSettings {
  enabled: boolean;
  emailConfirmation: boolean;
  clientUrl: string;
  paths: { confirm: string; confirmed: string; reset: string; google: string };
  codeLifetimeHours: { confirmation: number; reset: number };
  rateLimit: { ipMax: number; emailMax: number; windowSeconds: number };
  google: { clientId: string; clientSecret: string };
  retentionDays: number;
}

export const USER_UID = 'plugin::users-permissions.user';
export const ROLE_UID = 'plugin::users-permissions.role';
export const PERMISSION_UID = 'plugin::users-permissions.permission';
/** The session manager's origin of users-permissions' tokens (Strapi keeps them in admin::session). */
export const SESSION_ORIGIN = 'users-permissions';
export const SESSION_UID = 'admin::session';

export function accountSettings(strapi: Core.Strapi): AccountSettings {
  return strapi.config.get('accounts') as AccountSettings;
}

/** The website links start from CLIENT_URL, or from this service when the website is not configured. */
export function websiteBase(strapi: Core.Strapi): string {
  return accountSettings(strapi).clientUrl || String(strapi.config.get('server.absoluteUrl'));
}
