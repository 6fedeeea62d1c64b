/**
 * Goyzer listings feed: XML over HTTP (`Company.asmx/SalesListings` and `/RentListings`), authenticated
 * by the `AccessCode` and `GroupCode` query parameters, paged by `PageIndex` (from 1) up to the page
 * total the units announce (goyzer-pages.ts says when to stop, and when the feed is not paging).
 * A failure on any page fails the whole fetch: the sync never sees half a catalogue.
 *
 * Memory stays bounded whatever the feed does: each answer is read unit by unit and mapped at once
 * (only normalised listings are kept), and a run holds at most GOYZER_MAX_PAGES pages,
 * GOYZER_MAX_ITEMS units and GOYZER_MAX_BYTES of answers per listing type; the download that would
 * pass the byte cap is cut there, and the fetch fails with a message naming the cap.
 *
 * With GOYZER_INCREMENTAL, `GetUpdatedUnitsForSales` / `GetUpdatedUnitsForLease` give the units changed
 * in the last 24 hours (withdrawn ones marked DELETED).
 */
import { partition } from '../mapping/rejected';
import type { ListingType, NormalisedListing, Rejected } from '../mapping/types';
import type { ExtsourceConfig } from '../config';
import { judgePage, type PageSummary } from './goyzer-pages';
import type { UnitsPage, UnitsRequest } from './goyzer-units';
import { createHttpClient, getBytes, type RequestObserver, type RetryPolicy } from './http';
import { ProviderError } from './provider-error';
import { ChangesUnavailableError, type ListingsDriver, type Progress } from './types';
import { withUnitsReader, type UnitsReader } from './units-reader';

const ENDPOINT: Record<ListingType, string> = { sale: 'SalesListings', rent: 'RentListings' };
const CHANGES_ENDPOINT: Record<ListingType, string> = { sale: 'GetUpdatedUnitsForSales', rent: 'GetUpdatedUnitsForLease' };
/** The change list covers this many hours back (the method takes no date). */
const CHANGES_WINDOW_HOURS = 24;

/**
 * The ASMX GET binding wants every parameter of a method, even unused ones (it answers 500 "Missing
 * parameter" otherwise); public integrations send the filters empty, and so do we.
 */
const FILTERS: Record<ListingType, string[]> = {
  sale: ['Bedrooms', 'StartPriceRange', 'EndPriceRange', 'categoryID', 'SpecialProjects', 'CountryID', 'StateID', 'CommunityID',
    'DistrictID', 'FloorAreaMin', 'FloorAreaMax', 'UnitCategory', 'UnitID', 'BedroomsMax', 'PropertyID', 'ReadyNow'],
  rent: ['PropertyType', 'Bedrooms', 'StartPriceRange', 'EndPriceRange', 'categoryID', 'CountryID', 'StateID', 'CommunityID',
    'FloorAreaMin', 'FloorAreaMax', 'UnitCategory', 'UnitID', 'BedroomsMax', 'PropertyID', 'ReadyNow'],
};

const mebibytes = (bytes: number) => `${Math.round((bytes / 1048576) * 10) / 10} MiB`;

export function goyzerListingsDriver(settings: ExtsourceConfig['goyzer'], policy: RetryPolicy, observe?: RequestObserver): ListingsDriver {
  if (!settings.baseUrl) throw new ProviderError('Goyzer: GOYZER_BASE_URL is not set');
  const client = createHttpClient(settings.baseUrl, policy, { Accept: 'application/xml, text/xml' });
  const credentials = { AccessCode: settings.accessCode, GroupCode: settings.groupCode };
  const tooMany = (what: string, count: number) => new ProviderError(`${what}: ${count} units, more than GOYZER_MAX_ITEMS (${settings.maxItems}) allows`);

  /** One fetch's byte allowance (GOYZER_MAX_BYTES), spent by each answer; the next download is capped at what is left. */
  function byteBudget() {
    let left = settings.maxBytes;
    return async (method: string, params: Record<string, string | number>, what: string): Promise<Buffer> => {
      const cap = { bytes: left, message: `the answers of this fetch passed GOYZER_MAX_BYTES (${mebibytes(settings.maxBytes)}); the download was stopped` };
      const { data } = await getBytes(client, `/${method}`, { params }, policy, what, cap, observe && ((outcome, seconds) => observe(method, outcome, seconds)));
      left -= data.byteLength;
      return data;
    };
  }

  function listingParams(type: ListingType, pageIndex: number) {
    return { ...credentials, ...Object.fromEntries(FILTERS[type].map((name) => [name, ''])), PageIndex: pageIndex };
  }

  /** An answer read into listings by `reader`, failing past GOYZER_MAX_ITEMS with the `before` units read earlier. */
  async function readAnswer(reader: UnitsReader, bytes: Buffer, request: Omit<UnitsRequest, 'limit'>, before: number): Promise<UnitsPage> {
    const page = await reader.read(bytes, { ...request, limit: settings.maxItems - before });
    if (page.over) throw tooMany(request.what, settings.maxItems + 1);
    return page;
  }

  async function fetchListings(type: ListingType, progress?: Progress) {
    const download = byteBudget();
    const results: Array<NormalisedListing | Rejected> = [];
    let previous: PageSummary | undefined;
    return withUnitsReader(async (reader) => {
      for (let pageIndex = 1; ; pageIndex += 1) {
        const what = `Goyzer ${ENDPOINT[type]} page ${pageIndex}`;
        if (pageIndex > settings.maxPages) throw new ProviderError(`${what}: more than GOYZER_MAX_PAGES (${settings.maxPages}) pages`);
        const answer = await download(ENDPOINT[type], listingParams(type, pageIndex), what);
        const page = await readAnswer(reader, answer, { what, type, page: pageIndex, changes: false }, results.length);
        const { summary } = page;
        if (summary.pages !== null && summary.pages > settings.maxPages) {
          throw new ProviderError(`${what}: the feed has ${summary.pages} pages, more than GOYZER_MAX_PAGES (${settings.maxPages}) allows`);
        }
        if (summary.total !== null && summary.total > settings.maxItems) throw tooMany(what, summary.total);
        const verdict = judgePage(summary, previous, results.length);
        if (verdict.next === 'fail') throw new ProviderError(`${what}: ${verdict.reason}`);
        if (verdict.next === 'done' && verdict.repeated) return finish(results, summary.total);
        for (const result of page.results) results.push(result);
        progress?.(results.length);
        if (verdict.next === 'done') return finish(results, summary.total);
        previous = summary;
      }
    });
  }

  function finish(results: Array<NormalisedListing | Rejected>, announced: number | null) {
    const fetched = partition<NormalisedListing>(results);
    const warnings = announced !== null && announced !== results.length
      ? [`the feed announced ${announced} units and sent ${results.length} (units added or removed while paging)`]
      : [];
    return { ...fetched, warnings };
  }

  async function fetchChanges(type: ListingType, progress?: Progress) {
    const what = `Goyzer ${CHANGES_ENDPOINT[type]}`;
    let answer: Buffer;
    try {
      answer = await byteBudget()(CHANGES_ENDPOINT[type], credentials, what);
    } catch (error) {
      if (error instanceof ProviderError && [401, 403, 404].includes(error.status ?? 0)) {
        throw new ChangesUnavailableError(`${error.message} (these credentials may not call it; GOYZER_INCREMENTAL=false stops trying)`);
      }
      throw error;
    }
    const { results, deleted } = await withUnitsReader((reader) => readAnswer(reader, answer, { what, type, page: 1, changes: true }, 0));
    progress?.(results.length + deleted.length);
    return { ...partition<NormalisedListing>(results), deleted };
  }

  return {
    name: 'goyzer',
    fetchListings,
    changes: settings.incremental
      ? { policy: { windowHours: CHANGES_WINDOW_HOURS, fullSyncHours: settings.fullSyncHours }, fetch: fetchChanges }
      : undefined,
    async test() {
      const what = `Goyzer ${ENDPOINT.sale} page 1`;
      const answer = await byteBudget()(ENDPOINT.sale, listingParams('sale', 1), what);
      await withUnitsReader((reader) => readAnswer(reader, answer, { what, type: 'sale', page: 1, changes: false }, 0));
    },
  };
}
