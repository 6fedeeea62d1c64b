import { randomBytes } from 'crypto';
import type { Core } from '@strapi/strapi';
import { adminUsers } from '../lib/strapi/admin-users';

export const DEVELOPMENT_ADMIN_EMAIL = 'admin@example.com';

export type AdminLogin =
  | { kind: 'existing' }
  | { kind: 'from-env'; email: string }
  | { kind: 'generated'; email: string; password: string }
  | { kind: 'none' };

/** Meets Strapi's admin password rules: 8+ characters with upper case, lower case and a digit. */
function generatePassword(): string {
  return `Lux-${randomBytes(12).toString('base64url')}-7a`;
}

/**
 * `strapi develop` (what `npm run dev` runs) is the one start where a generated password may be
 * printed: a developer's own terminal. `npm start` is never one, whatever NODE_ENV says.
 */
function isInteractiveDevelopmentStart(strapi: Core.Strapi): boolean {
  return strapi.config.get('environment') === 'development' && strapi.config.get('autoReload') === true;
}

/**
 * Creates the first super admin when none exists: from ADMIN_EMAIL/ADMIN_PASSWORD when both are set,
 * otherwise (an interactive development start only) with a generated password that is shown once.
 */
export async function ensureAdminUser(strapi: Core.Strapi): Promise<AdminLogin> {
  const users = adminUsers(strapi);
  if (await users.any()) return { kind: 'existing' };

  const email = process.env.ADMIN_EMAIL?.trim();
  const password = process.env.ADMIN_PASSWORD;
  if (email && password) {
    await users.createFirstAdmin({ email, password, firstname: 'Site', lastname: 'Admin' });
    return { kind: 'from-env', email };
  }
  if (!isInteractiveDevelopmentStart(strapi)) return { kind: 'none' };

  const generated = generatePassword();
  await users.createFirstAdmin({ email: DEVELOPMENT_ADMIN_EMAIL, password: generated, firstname: 'Site', lastname: 'Admin' });
  return { kind: 'generated', email: DEVELOPMENT_ADMIN_EMAIL, password: generated };
}
