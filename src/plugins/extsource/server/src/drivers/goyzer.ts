/**
 * Goyzer-style listings feed: XML over HTTP. `SalesListings` / `RentListings`, authenticated by the
 * `AccessCode` and `GroupCode` query parameters, paged by `PageIndex` (from 1) until a page is empty.
 * A failure on any page fails the whole fetch: the sync never sees half a catalogue.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { mapGoyzerUnit, type UnitDTO } from '../mapping/goyzer';
import type { ListingType, NormalisedListing } from '../mapping/types';
import type { ExtsourceConfig } from '../config';
import { createHttpClient, getText, ProviderError, type RetryPolicy } from './http';
import { partition } from '../mapping/rejected';
import type { ListingsDriver } from './types';

const ENDPOINT: Record<ListingType, string> = { sale: 'SalesListings', rent: 'RentListings' };

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  // One unit or one image must still come out as a list.
  isArray: (name) => name === 'UnitDTO' || name === 'Image',
});

/** The units of one page of XML; throws a ProviderError for a body that is not well-formed XML. */
export function parseUnitsPage(xml: string, what: string): UnitDTO[] {
  if (xml.trim() === '') return [];
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new ProviderError(`${what}: malformed XML (${valid.err.msg}, line ${valid.err.line})`);
  const document = parser.parse(xml) as Record<string, unknown>;
  const root = Object.entries(document).find(([key]) => key !== '?xml')?.[1];
  if (root === '' || root === undefined) return [];
  if (typeof root !== 'object' || root === null) throw new ProviderError(`${what}: unexpected XML document`);
  const units = (root as { UnitDTO?: UnitDTO[] }).UnitDTO;
  return Array.isArray(units) ? units.filter((unit) => typeof unit === 'object' && unit !== null) : [];
}

export function goyzerListingsDriver(settings: ExtsourceConfig['goyzer'], policy: RetryPolicy): ListingsDriver {
  if (!settings.baseUrl) throw new ProviderError('Goyzer: GOYZER_BASE_URL is not set');
  const client = createHttpClient(settings.baseUrl, policy, { Accept: 'application/xml, text/xml' });
  const credentials = { AccessCode: settings.accessCode, GroupCode: settings.groupCode };

  async function page(type: ListingType, pageIndex: number): Promise<UnitDTO[]> {
    const what = `Goyzer ${ENDPOINT[type]} page ${pageIndex}`;
    const response = await getText(client, `/${ENDPOINT[type]}`, { params: { ...credentials, PageIndex: pageIndex } }, policy, what);
    return parseUnitsPage(response.data, what);
  }

  return {
    name: 'goyzer',
    async fetchListings(type, progress) {
      const units: UnitDTO[] = [];
      for (let pageIndex = 1; pageIndex <= settings.maxPages; pageIndex += 1) {
        const found = await page(type, pageIndex);
        if (found.length === 0) return partition<NormalisedListing>(units.map((unit) => mapGoyzerUnit(unit, type)));
        units.push(...found);
        progress?.(units.length);
      }
      throw new ProviderError(`Goyzer ${ENDPOINT[type]}: more than ${settings.maxPages} pages`);
    },
    async test() {
      await page('sale', 1);
    },
  };
}
