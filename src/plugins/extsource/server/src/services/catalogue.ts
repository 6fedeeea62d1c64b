/**
 * Reads of the synced catalogue: the paginated property list and the sync statistics (decisions 31-32),
 * and what the admin's Property sync page and dashboard widget show of them.
 */
import type { Core } from '@strapi/strapi';
import { validationFailed, type FieldErrors } from '../errors';
import { hasUnstorableCharacters, unstorableMessage } from '../mapping/text';
import type { ListingType } from '../mapping/types';
import { listingsDriver } from '../drivers';
import { eachRowPaged } from '../slices';
import type { ProjectsService } from './projects';
import { PROPERTY_UID, RUN_TYPES, RUN_UID, runFromRow, type RunType, type SyncRun } from './sync';

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
  'price', 'price_on_request', 'currency', 'agent_name', 'agent_phone', 'agent_email', 'agent_photo', 'description',
  'title_ar', 'description_ar', 'images', 'brochure_url', 'latitude', 'longitude', 'handover_date', 'permit_number',
  'completion_status', 'furnishing', 'parking', 'view', 'fittings', 'provider_updated_at', 'deactivated_at', 'createdAt', 'updatedAt',
] as const;

const positiveInt = (raw: unknown, fallback: number): number | undefined => {
  if (raw === undefined || raw === '') return fallback;
  return typeof raw === 'string' && /^\d+$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : undefined;
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
  else if (q && hasUnstorableCharacters(q)) errors.q = [unstorableMessage('q')];
  if (Object.keys(errors).length) throw validationFailed(errors);
  return { page: page!, perPage: perPage!, type: type as PropertyQuery['type'], status: status as PropertyQuery['status'], q };
}

/** A synced listing as the admin page lists it. */
export interface ListingSummary {
  id: number;
  reference: string;
  title: string;
  listing_type: ListingType;
  price: number | null;
  currency: string;
  status: 'active' | 'inactive';
  deactivated_at: string | null;
  last_seen_at: string | null;
  /** Why an active listing is not on the public website (the hosting app's rule), else null. */
  off_site: string | null;
}

/** The hosting app's reason an active listing is kept off its website (a Dubai advert without its permit), or null. */
export type OffSiteReason = (row: Record<string, unknown>) => string | null;

/** A row of another provider than the one configured: the public catalogue is the configured provider's alone. */
const formerProvider = (provider: string): OffSiteReason => (row) =>
  row.provider && row.provider !== provider ? `Not on the website: synced from ${String(row.provider)}, not the listings provider now configured (${provider}).` : null;

interface ListingRow {
  id: number;
  provider?: string;
  reference: string;
  title: string | null;
  listing_type: ListingType;
  price: number | string | null;
  currency: string | null;
  status: 'active' | 'inactive';
  deactivated_at: string | Date | null;
  updatedAt: string | Date;
}

const isoOrNull = (value: string | Date | null | undefined) => (value ? new Date(value).toISOString() : null);

/**
 * When the provider's feed last had the listing, as far as the syncs tell: a run that succeeded saw
 * every listing it left active (anything missing was withdrawn), so an active listing was seen at the
 * end of the last successful run of its type, or when a later run wrote it. A withdrawn listing: null
 * (its `deactivated_at` says when it left the feed).
 */
export function listingSummary(row: ListingRow, lastSuccessAt: Record<ListingType, string | null>, offSite: OffSiteReason = () => null): ListingSummary {
  const written = isoOrNull(row.updatedAt);
  const lastSuccess = lastSuccessAt[row.listing_type];
  const lastSeen = row.status !== 'active' ? null : [written, lastSuccess].filter((when): when is string => when !== null).sort().at(-1) ?? null;
  return {
    id: row.id,
    reference: row.reference,
    title: row.title ?? '',
    listing_type: row.listing_type,
    price: row.price === null ? null : Number(row.price),
    currency: row.currency ?? '',
    status: row.status,
    deactivated_at: isoOrNull(row.deactivated_at),
    last_seen_at: lastSeen,
    off_site: row.status === 'active' ? offSite(row as unknown as Record<string, unknown>) : null,
  };
}

/**
 * What the public listings read of a synced row: everything stored about the home (the agent's e-mail for
 * the leads of enquiries about it, never shown), none of the sync's bookkeeping.
 */
const LISTED_FIELDS = [
  'id', 'listing_type', 'deactivated_at', 'reference', 'title', 'category', 'property_name', 'community', 'sub_community', 'city', 'state_id', 'state_name',
  'bedrooms', 'bathrooms', 'area_sqft', 'price', 'price_on_request', 'currency', 'agent_name', 'agent_phone', 'agent_email', 'agent_photo', 'description',
  'title_ar', 'description_ar', 'images', 'brochure_url', 'latitude', 'longitude', 'handover_date', 'permit_number', 'completion_status',
  'furnishing', 'parking', 'view', 'fittings', 'provider_updated_at', 'createdAt',
] as const;

export type ListedRow = Record<(typeof LISTED_FIELDS)[number], unknown> & { id: number };

/**
 * Rows read per query by `activeListings`: one query's rows are read and mapped in one turn of the loop
 * (a page of 1,000 held it for 40 to 50 ms during a sync's rebuild, decision 173; under the latency
 * bench's load a page of 200 still made turns of 40 to 64 ms, of 50 at most 21: decision 237).
 */
const LISTED_PAGE = 50;

/** The run types that cover a listing type: `all` and the type's own. */
const runTypesCovering = (listingType: ListingType) => (Object.keys(RUN_TYPES) as RunType[]).filter((type) => RUN_TYPES[type].includes(listingType));

/**
 * The configured provider's listings matching `where`, a page at a time by id, with `pause` between
 * pages, each row made into what the caller keeps as its page arrives (at 100,000 listings the rows
 * and what is made of them would otherwise be held together).
 */
async function listedRows<T>(strapi: Core.Strapi, where: Record<string, unknown>, pause: () => Promise<void>, keep: (row: ListedRow) => T): Promise<T[]> {
  const provider = listingsDriver(strapi).name;
  const kept: T[] = [];
  const readPage = async (after: number) =>
    (await strapi.db.query(PROPERTY_UID).findMany({
      select: [...LISTED_FIELDS], where: { ...where, provider, id: { $gt: after } }, orderBy: [{ id: 'asc' }], limit: LISTED_PAGE,
    })) as ListedRow[];
  await eachRowPaged(readPage, LISTED_PAGE, (row) => kept.push(keep(row)), pause);
  return kept;
}

const createCatalogueService = ({ strapi }: { strapi: Core.Strapi }) => {
  let offSite: OffSiteReason = () => null;
  return {
    /** The hosting app's rule of which active listings stay off its website, for the admin page to say why. */
    explainOffSite(reason: OffSiteReason): void {
      offSite = reason;
    },

    async listProperties({ page, perPage, type, status, q }: PropertyQuery) {
      const where: Record<string, unknown> = {};
      if (type) where.listing_type = type;
      if (status) where.status = status;
      if (q) {
        where.$or = ['title', 'reference', 'community', 'property_name', 'city', 'permit_number'].map((field) => ({ [field]: { $containsi: q } }));
      }
      const [rows, total] = await Promise.all([
        strapi.db.query(PROPERTY_UID).findMany({ select: [...PUBLIC_FIELDS], where, orderBy: [{ id: 'asc' }], offset: (page - 1) * perPage, limit: perPage }),
        strapi.db.query(PROPERTY_UID).count({ where }),
      ]);
      return { data: rows, meta: { current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) } };
    },

    /**
     * Every active listing of both types from the provider now configured (what the public catalogue is
     * built from: a former provider's rows are not its listings, and may share their references), read a
     * page at a time by id, with `pause` between pages.
     */
    activeListings<T>(pause: () => Promise<void>, keep: (row: ListedRow) => T): Promise<T[]> {
      return listedRows(strapi, { status: 'active' }, pause, keep);
    },

    /** The same provider's listings that left the market (sold, rented, withdrawn, gone from the feed) since `since`. */
    listingsGoneSince<T>(since: Date, pause: () => Promise<void>, keep: (row: ListedRow) => T): Promise<T[]> {
      return listedRows(strapi, { status: 'inactive', deactivated_at: { $gte: since } }, pause, keep);
    },

    /** When the provider's listing `reference` left the market (ISO), or null when it is listed or was never synced. */
    async listingLeftAt(reference: string): Promise<string | null> {
      const row = await strapi.db.query(PROPERTY_UID).findOne({
        select: ['deactivated_at'], where: { reference, status: 'inactive', provider: listingsDriver(strapi).name }, orderBy: [{ deactivated_at: 'desc' }],
      });
      return isoOrNull(row?.deactivated_at ?? null);
    },

    /** The property list for the admin page, with each listing's last sighting. */
    async listingSummaries(query: PropertyQuery) {
      const { data, meta } = await this.listProperties(query);
      const runs = strapi.db.query(RUN_UID);
      const lastSuccessOf = async (listingType: ListingType) => {
        const run = await runs.findOne({ where: { status: 'succeeded', run_type: { $in: runTypesCovering(listingType) } }, orderBy: { id: 'desc' } });
        return run ? runFromRow(run).finished_at : null;
      };
      const [sale, rent] = await Promise.all([lastSuccessOf('sale'), lastSuccessOf('rent')]);
      const former = formerProvider(listingsDriver(strapi).name);
    const reason: OffSiteReason = (row) => former(row) ?? offSite(row);
    return { data: (data as ListingRow[]).map((row) => listingSummary(row, { sale, rent }, reason)), meta };
    },

    /** The latest run of each run type (all, sales, rentals), whatever its status; null where none ran. */
    async lastRunPerType(): Promise<Record<RunType, SyncRun | null>> {
      const types = Object.keys(RUN_TYPES) as RunType[];
      const rows = await Promise.all(types.map((type) => strapi.db.query(RUN_UID).findOne({ where: { run_type: type }, orderBy: { id: 'desc' } })));
      return Object.fromEntries(types.map((type, index) => [type, rows[index] ? runFromRow(rows[index]) : null])) as Record<RunType, SyncRun | null>;
    },

    async stats() {
      const count = (where: Record<string, unknown>) => strapi.db.query(PROPERTY_UID).count({ where });
      const runs = strapi.db.query(RUN_UID);
      const projects = strapi.plugin('extsource').service('projects') as ProjectsService;
      const [total, active, sales, rentals, runCount, lastRun, lastSuccess, projectDetails] = await Promise.all([
        count({}),
        count({ status: 'active' }),
        count({ status: 'active', listing_type: 'sale' }),
        count({ status: 'active', listing_type: 'rent' }),
        runs.count({}),
        runs.findOne({ where: { status: { $ne: 'running' } }, orderBy: { id: 'desc' } }),
        runs.findOne({ where: { status: 'succeeded' }, orderBy: { id: 'desc' } }),
        projects.readAheadProgress(),
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
        /** The last read-ahead of off-plan project details (decision 66), or null before the first. */
        project_details: projectDetails,
      };
    },
  };
};

export default createCatalogueService;
export type CatalogueService = ReturnType<typeof createCatalogueService>;
export const catalogueService = (strapi: Core.Strapi) => strapi.plugin('extsource').service('catalogue') as CatalogueService;
