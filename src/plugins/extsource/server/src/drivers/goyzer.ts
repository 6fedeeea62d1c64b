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
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { isDeletedUnit, mapGoyzerUnit, type UnitDTO } from '../mapping/goyzer';
import { partition } from '../mapping/rejected';
import { plainLine } from '../mapping/text';
import type { ListingType, NormalisedListing, Rejected } from '../mapping/types';
import { text } from '../mapping/values';
import type { ExtsourceConfig } from '../config';
import { slicer } from '../slices';
import { judgePage, PageTally } from './goyzer-pages';
import { createHttpClient, getText, ProviderError, type RequestObserver, type RetryPolicy } from './http';
import { ChangesUnavailableError, type ListingsDriver, type Progress } from './types';

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

const unitParser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  // One image must still come out as a list.
  isArray: (name) => name === 'Image',
});

const UNIT_ELEMENT = /<UnitDTO\b[^>]*?(?:\/>|>[\s\S]*?<\/UnitDTO\s*>)/g;
/** The root element's local name, after the XML declaration, comments and a byte-order mark. */
const ROOT = /^\ufeff?\s*(?:(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->)\s*)*<(?:[\w.-]+:)?([A-Za-z_][\w.-]*)/;

/** Where each unit element of an answer is, by the UNIT_ELEMENT pattern. */
interface UnitSpan {
  element: string;
  /** The line the element starts on (from 1). */
  line: number;
}

const linesIn = (text: string) => text.split('\n').length - 1;

/**
 * The answer cut into its unit elements, and its skeleton: the answer with each unit element replaced
 * by an empty one followed by as many line breaks as the element held, so the skeleton's lines are the
 * answer's.
 */
function cutIntoUnits(xml: string): { skeleton: string; units: UnitSpan[] } {
  const parts: string[] = [];
  const units: UnitSpan[] = [];
  let line = 1;
  let end = 0;
  for (const match of xml.matchAll(UNIT_ELEMENT)) {
    const before = xml.slice(end, match.index);
    line += linesIn(before);
    const breaks = linesIn(match[0]);
    parts.push(before, '<UnitDTO/>', '\n'.repeat(breaks));
    units.push({ element: match[0], line });
    line += breaks;
    end = match.index + match[0].length;
  }
  parts.push(xml.slice(end));
  return { skeleton: parts.join(''), units };
}

/** A ProviderError naming what `XMLValidator` found wrong, or undefined when `xml` is well-formed. */
function malformed(what: string, xml: string): ProviderError | undefined {
  const valid = XMLValidator.validate(xml);
  return valid === true ? undefined : new ProviderError(`${what}: malformed XML (${valid.err.msg}, line ${valid.err.line})`);
}

/**
 * Reads an answer unit by unit, so a whole document is never held as a tree, and a caller may give the
 * event loop a turn between two units: the answer is checked a unit at a time (its skeleton first, then
 * each unit as it is read), since checking a page of units at once held the loop for tens of ms.
 * Throws a ProviderError for a body that is not well-formed XML (naming the line), or not a list of
 * units (an ASMX error answers `<string>...</string>` with status 200).
 */
export function* unitsOf(xml: string, what: string): Generator<UnitDTO, void, void> {
  if (xml.trim() === '') return;
  const { skeleton, units } = cutIntoUnits(xml);
  const broken = malformed(what, skeleton);
  if (broken) throw broken;
  const root = ROOT.exec(skeleton)?.[1];
  if (root !== 'ArrayOfUnitDTO') {
    // What the answer says: its text, without the root's attributes or any tag.
    const said = plainLine(xml.replace(ROOT, '').replace(/^[^>]*>/, '').replace(/<[^>]*>/g, ' '), 120);
    throw new ProviderError(`${what}: unexpected answer <${root ?? '?'}>${said ? `: ${said}` : ''}`);
  }
  for (const { element, line } of units) {
    // Checked again only when broken, preceded by the lines before it, so its lines are numbered as in the
    // answer (prefixing every unit would make checking a page quadratic in its lines).
    if (XMLValidator.validate(element) !== true) throw malformed(what, '\n'.repeat(line - 1) + element);
    const unit = (unitParser.parse(element) as { UnitDTO?: unknown }).UnitDTO;
    yield unit && typeof unit === 'object' ? (unit as UnitDTO) : {};
  }
}

/** The units of one answer (for tests and tools; the driver reads units as they come). */
export function parseUnitsPage(xml: string, what: string): UnitDTO[] {
  return [...unitsOf(xml, what)];
}

const mebibytes = (bytes: number) => `${Math.round((bytes / 1048576) * 10) / 10} MiB`;

export function goyzerListingsDriver(settings: ExtsourceConfig['goyzer'], policy: RetryPolicy, observe?: RequestObserver): ListingsDriver {
  if (!settings.baseUrl) throw new ProviderError('Goyzer: GOYZER_BASE_URL is not set');
  const client = createHttpClient(settings.baseUrl, policy, { Accept: 'application/xml, text/xml' });
  const credentials = { AccessCode: settings.accessCode, GroupCode: settings.groupCode };
  const tooMany = (what: string, count: number) => new ProviderError(`${what}: ${count} units, more than GOYZER_MAX_ITEMS (${settings.maxItems}) allows`);

  /** One fetch's byte allowance (GOYZER_MAX_BYTES), spent by each answer; the next download is capped at what is left. */
  function byteBudget() {
    let left = settings.maxBytes;
    return async (method: string, params: Record<string, string | number>, what: string): Promise<string> => {
      const cap = { bytes: left, message: `the answers of this fetch passed GOYZER_MAX_BYTES (${mebibytes(settings.maxBytes)}); the download was stopped` };
      const { data } = await getText(client, `/${method}`, { params }, policy, what, cap, observe && ((outcome, seconds) => observe(method, outcome, seconds)));
      left -= Buffer.byteLength(data);
      return data;
    };
  }

  function listingParams(type: ListingType, pageIndex: number) {
    return { ...credentials, ...Object.fromEntries(FILTERS[type].map((name) => [name, ''])), PageIndex: pageIndex };
  }

  /**
   * Maps one answer's units (failing past GOYZER_MAX_ITEMS with those `before`), and sums up its page
   * positions. A page of units takes tens of milliseconds to map: in slices, between visitors' requests.
   */
  async function readPage(xml: string, type: ListingType, requested: number, what: string, before: number) {
    const tally = new PageTally(requested);
    const results: Array<NormalisedListing | Rejected> = [];
    const pause = slicer();
    for (const unit of unitsOf(xml, what)) {
      if (before + results.length >= settings.maxItems) throw tooMany(what, before + results.length + 1);
      tally.add(text(unit.RefNo), unit.PageIndex, unit.Count);
      results.push(mapGoyzerUnit(unit, type));
      await pause();
    }
    return { results, summary: tally.summary() };
  }

  async function fetchListings(type: ListingType, progress?: Progress) {
    const download = byteBudget();
    const results: Array<NormalisedListing | Rejected> = [];
    let previous: ReturnType<PageTally['summary']> | undefined;
    for (let pageIndex = 1; ; pageIndex += 1) {
      const what = `Goyzer ${ENDPOINT[type]} page ${pageIndex}`;
      if (pageIndex > settings.maxPages) throw new ProviderError(`${what}: more than GOYZER_MAX_PAGES (${settings.maxPages}) pages`);
      const page = await readPage(await download(ENDPOINT[type], listingParams(type, pageIndex), what), type, pageIndex, what, results.length);
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
    let xml: string;
    try {
      xml = await byteBudget()(CHANGES_ENDPOINT[type], credentials, what);
    } catch (error) {
      if (error instanceof ProviderError && [401, 403, 404].includes(error.status ?? 0)) {
        throw new ChangesUnavailableError(`${error.message} (these credentials may not call it; GOYZER_INCREMENTAL=false stops trying)`);
      }
      throw error;
    }
    const results: Array<NormalisedListing | Rejected> = [];
    const deleted: string[] = [];
    const pause = slicer();
    for (const unit of unitsOf(xml, what)) {
      if (results.length + deleted.length >= settings.maxItems) throw tooMany(what, results.length + deleted.length + 1);
      if (!isDeletedUnit(unit)) results.push(mapGoyzerUnit(unit, type));
      else if (text(unit.RefNo)) deleted.push(text(unit.RefNo));
      await pause();
    }
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
      parseUnitsPage(await byteBudget()(ENDPOINT.sale, listingParams('sale', 1), what), what);
    },
  };
}
