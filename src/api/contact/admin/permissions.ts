/**
 * What an admin may read of the leads, as the Content Manager decides it: its own permission checker,
 * with the role's read permission, its conditions (the Author role's "is creator") and its fields. Every
 * admin route that shows leads outside the Content Manager (the CSV export, the Leads widget, the
 * deliveries of a lead) reads them through this, so none shows an admin more than the Content Manager
 * does; retrying a lead's failed delivery takes the right to edit that lead.
 */
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { errors } from '@strapi/utils';
import type { ContactRow } from '../lib/csv';
import { CONTACT_UID } from '../lib/lead-type';

export type Filters = Record<string, unknown>;

/** Shown to every admin who may read leads at all, as in the Content Manager. */
const ALWAYS_READABLE = new Set(['id', 'documentId', 'createdAt']);

/** The slice of the Content Manager's permission checker used here (Strapi does not type its services). */
interface PermissionChecker {
  can: { read(entity?: unknown, field?: string): boolean; update(entity?: unknown): boolean };
  cannot: { read(): boolean };
  sanitizedQuery: { read(query: { filters: Filters }): Promise<{ filters?: Filters }> };
  sanitizeOutput(row: unknown): Promise<Partial<ContactRow>>;
}

export interface LeadReader {
  /** The role's own filters (its permission conditions) and `filters`, together. */
  permittedFilters(filters?: Filters): Promise<Filters>;
  mayReadField(attribute: string): boolean;
  /** The row without the fields the role may not read. */
  visible<T>(row: T): Promise<Partial<T>>;
  /** Whether the role may edit this lead (with its `createdBy` populated, for conditions such as "is creator"). */
  mayUpdate(row: unknown): boolean;
}

/** The calling admin's reader; 403 when their role may not read leads at all. */
export function leadReader(strapi: Core.Strapi, ctx: Context): LeadReader {
  const checkers = strapi.plugin('content-manager').service('permission-checker') as {
    create(options: { userAbility: unknown; model: string }): PermissionChecker;
  };
  const checker = checkers.create({ userAbility: ctx.state.userAbility, model: CONTACT_UID });
  if (checker.cannot.read()) throw new errors.ForbiddenError('You may not read leads');
  return {
    async permittedFilters(filters = {}) {
      return (await checker.sanitizedQuery.read({ filters })).filters ?? {};
    },
    mayReadField: (attribute) => ALWAYS_READABLE.has(attribute) || checker.can.read(undefined, attribute),
    visible: async <T>(row: T) => (await checker.sanitizeOutput(row)) as Partial<T>,
    mayUpdate: (row) => checker.can.update(row),
  };
}
