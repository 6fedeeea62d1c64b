/** Reads of the synced catalogue: the paginated property list and the sync statistics (decisions 31-32). */
import type { Core } from '@strapi/strapi';
import { ApiError, type FieldErrors } from '../../../../../lib/envelope';
import { PROPERTY_UID, RUN_UID, runFromRow, type SyncRun } from './sync';

export interface PropertyQuery {
  page: number;
  perPage: number;
  type?: 'sale' | 'rent';
  status?: 'active' | 'inactive';
  q?: string;
}

const PUBLIC_FIELDS = [
  'id', 'provider', 'listing_type', 'reference', 'status', 'title', 'category', 'listing_status', 'property_name',
  'community', 'community_id', 'sub_community', 'city', 'state_id', 'state_name', 'bedrooms', 'bathrooms', 'area_sqft',
  'price', 'currency', 'agent_name', 'agent_phone', 'description', 'images', 'latitude', 'longitude', 'handover_date',
  'provider_updated_at', 'deactivated_at', 'createdAt', 'updatedAt',
] as const;

const positiveInt = (raw: unknown, fallback: number): number | undefined => {
  if (raw === undefined || raw === '') return fallback;
  return typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : undefined;
};

/** Validates the query string of GET /properties; 422 with every bad parameter. */
export function parsePropertyQuery(query: Record<string, unknown>): PropertyQuery {
  const errors: FieldErrors = {};
  const page = positiveInt(query.page, 1);
  const perPage = positiveInt(query.per_page, 25);
  if (page === undefined || page < 1) errors.page = ['The page must be an integer of at least 1.'];
  if (perPage === undefined || perPage < 1 || perPage > 100) errors.per_page = ['The per page must be an integer from 1 to 100.'];
  const type = query.type === '' ? undefined : query.type;
  if (type !== undefined && type !== 'sale' && type !== 'rent') errors.type = ['The type must be sale or rent.'];
  const status = query.status === '' ? undefined : query.status;
  if (status !== undefined && status !== 'active' && status !== 'inactive') errors.status = ['The status must be active or inactive.'];
  const q = typeof query.q === 'string' && query.q.trim() !== '' ? query.q.trim() : undefined;
  if (query.q !== undefined && typeof query.q !== 'string') errors.q = ['The q must be text.'];
  if (Object.keys(errors).length) throw ApiError.validation(errors);
  return { page: page!, perPage: perPage!, type: type as PropertyQuery['type'], status: status as PropertyQuery['status'], q };
}

const createCatalogueService = ({ strapi }: { strapi: Core.Strapi }) => ({
  async listProperties({ page, perPage, type, status, q }: PropertyQuery) {
    const where: Record<string, unknown> = {};
    if (type) where.listing_type = type;
    if (status) where.status = status;
    if (q) {
      where.$or = ['title', 'reference', 'community', 'property_name', 'city'].map((field) => ({ [field]: { $containsi: q } }));
    }
    const [rows, total] = await Promise.all([
      strapi.db.query(PROPERTY_UID).findMany({ select: [...PUBLIC_FIELDS], where, orderBy: [{ id: 'asc' }], offset: (page - 1) * perPage, limit: perPage }),
      strapi.db.query(PROPERTY_UID).count({ where }),
    ]);
    return { data: rows, meta: { current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) } };
  },

  async stats() {
    const count = (where: Record<string, unknown>) => strapi.db.query(PROPERTY_UID).count({ where });
    const runs = strapi.db.query(RUN_UID);
    const [total, active, sales, rentals, runCount, lastRun, lastSuccess] = await Promise.all([
      count({}),
      count({ status: 'active' }),
      count({ status: 'active', listing_type: 'sale' }),
      count({ status: 'active', listing_type: 'rent' }),
      runs.count({}),
      runs.findOne({ where: { status: { $ne: 'running' } }, orderBy: { id: 'desc' } }),
      runs.findOne({ where: { status: 'succeeded' }, orderBy: { id: 'desc' } }),
    ]);
    const last: SyncRun | null = lastRun ? runFromRow(lastRun) : null;
    return {
      total,
      active,
      inactive: total - active,
      sales,
      rentals,
      runs: runCount,
      last_sync_at: last?.finished_at ?? null,
      last_success_at: lastSuccess ? runFromRow(lastSuccess).finished_at : null,
      last_run: last,
    };
  },
});

export default createCatalogueService;
export type CatalogueService = ReturnType<typeof createCatalogueService>;
export const catalogueService = (strapi: Core.Strapi) => strapi.plugin('extsource').service('catalogue') as CatalogueService;
