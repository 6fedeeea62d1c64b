/**
 * One Goyzer answer read into listings (pure): checked as well-formed XML, cut into its units, each unit
 * mapped, its page positions summed up. The driver runs this in a thread of its own (units-thread.ts),
 * so neither the parsing nor the answer's text is ever on the thread that answers visitors.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { isDeletedUnit, mapGoyzerUnit, type UnitDTO } from '../mapping/goyzer';
import { plainLine } from '../mapping/text';
import type { ListingType, NormalisedListing, Rejected } from '../mapping/types';
import { text } from '../mapping/values';
import { PageTally, type PageSummary } from './goyzer-pages';
import { ProviderError } from './provider-error';

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
 * Reads an answer unit by unit, so a whole document is never held as a tree: its skeleton checked
 * first, then each unit as it is read (a unit's error names its line in the answer). Throws a
 * ProviderError for a body that is not well-formed XML, or not a list of units (an ASMX error answers
 * `<string>...</string>` with status 200).
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

/** The units of one answer, as the feed sent them, unmapped (for the mapping's tests). */
export function parseUnitsPage(xml: string, what: string): UnitDTO[] {
  return [...unitsOf(xml, what)];
}

/** What to read an answer as: which listing type, and how many units it may hold at most. */
export interface UnitsRequest {
  /** Names the answer in errors ("Goyzer SalesListings page 3"). */
  what: string;
  type: ListingType;
  /** The page asked for (from 1). */
  page: number;
  /** Units past this many are not read: the answer is then `over`. */
  limit: number;
  /** A change list: units marked DELETED are withdrawn references, not listings. */
  changes: boolean;
}

export interface UnitsPage {
  results: Array<NormalisedListing | Rejected>;
  /** The references a change list withdrew. */
  deleted: string[];
  summary: PageSummary;
  /** The answer held more units than `limit`. */
  over: boolean;
}

/** One answer read into listings, rejected units and withdrawn references. */
export function readUnitsPage(xml: string, { what, type, page, limit, changes }: UnitsRequest): UnitsPage {
  const tally = new PageTally(page);
  const results: UnitsPage['results'] = [];
  const deleted: string[] = [];
  for (const unit of unitsOf(xml, what)) {
    if (results.length + deleted.length >= limit) return { results, deleted, summary: tally.summary(), over: true };
    tally.add(text(unit.RefNo), unit.PageIndex, unit.Count);
    if (changes && isDeletedUnit(unit)) {
      if (text(unit.RefNo)) deleted.push(text(unit.RefNo));
    } else {
      results.push(mapGoyzerUnit(unit, type));
    }
  }
  return { results, deleted, summary: tally.summary(), over: false };
}
