/**
 * Admin accounts, as Strapi's own first-run registration creates them.
 *
 * Strapi internals, checked against @strapi/admin 5.54.0: the `admin::user` service's exists(where)
 * and createFirstAdmin({ email, password, firstname, lastname }) (the super admin role, active,
 * password hashed; it refuses when an admin exists). Strapi does not type its services: after an
 * upgrade, check these two methods here and nowhere else.
 */
import type { Core } from '@strapi/strapi';

export interface FirstAdmin {
  email: string;
  password: string;
  firstname: string;
  lastname?: string;
}

interface AdminUserService {
  exists(where?: Record<string, unknown>): Promise<boolean>;
  createFirstAdmin(attributes: FirstAdmin): Promise<unknown>;
}

export interface AdminUsers {
  /** Whether any admin account exists. */
  any(): Promise<boolean>;
  createFirstAdmin(admin: FirstAdmin): Promise<void>;
}

export function adminUsers(strapi: Core.Strapi): AdminUsers {
  const users = strapi.service('admin::user') as unknown as AdminUserService;
  return {
    any: () => users.exists(),
    async createFirstAdmin(admin) {
      await users.createFirstAdmin(admin);
    },
  };
}
