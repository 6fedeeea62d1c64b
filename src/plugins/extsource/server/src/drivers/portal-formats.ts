/**
 * The portal XML formats a listings feed may be in (issue 69), each a row of data: what the
 * `EXTSOURCE_LISTINGS_DRIVER` setting calls it, what the admin page calls it, the shape of its file and
 * the mapping of one record. Read by the driver (portal-feed.ts) and by the thread that reads the file.
 */
import { mapBayutProperty } from '../mapping/bayut';
import { mapPropertyFinderProperty } from '../mapping/property-finder';
import type { NormalisedListing, Rejected } from '../mapping/types';
import type { XmlElement } from '../mapping/xml-element';
import type { XmlFeedShape } from './xml-records';

export interface PortalFormat {
  label: string;
  shape: XmlFeedShape;
  map(record: XmlElement): NormalisedListing | Rejected;
}

export const PORTAL_FORMATS = {
  'pf-xml': { label: 'Property Finder XML', shape: { root: 'list', record: 'property' }, map: mapPropertyFinderProperty },
  'bayut-xml': { label: 'Bayut XML', shape: { root: 'properties', record: 'property' }, map: mapBayutProperty },
} as const satisfies Record<string, PortalFormat>;

export type PortalFormatName = keyof typeof PORTAL_FORMATS;
