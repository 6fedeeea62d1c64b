/**
 * What every schema.org JSON-LD answer shares (decision 115): the context, an address, a point, pictures,
 * the person to call, and the rule that a field without a value is left out (the agency's node is the website's: src/api/website/services/agency.ts).
 * Plain code, no Strapi, no domain.
 */
import type { GeoCoordinates, PersonLeaf, PostalAddress } from 'schema-dts';

export const SCHEMA_CONTEXT = 'https://schema.org';

/** A text, or undefined when empty: JSON leaves the field out rather than print an empty value search engines flag. */
export const unlessEmpty = (text: string): string | undefined => text || undefined;

/** An address in the UAE: its street part (sub-community, community), its city and emirate, empty ones left out. */
export function uaeAddress(street: readonly string[], locality: string, region: string): PostalAddress {
  return {
    '@type': 'PostalAddress',
    streetAddress: unlessEmpty(street.filter(Boolean).join(', ')),
    addressLocality: unlessEmpty(locality),
    addressRegion: unlessEmpty(region),
    addressCountry: 'AE',
  };
}

/** A point as `GeoCoordinates`; undefined without both its latitude and longitude. */
export function geoCoordinates(latitude: number | null | undefined, longitude: number | null | undefined): GeoCoordinates | undefined {
  if (latitude === null || latitude === undefined || longitude === null || longitude === undefined) return undefined;
  return { '@type': 'GeoCoordinates', latitude, longitude };
}

/** Pictures as an `image` list; undefined when there are none. */
export const imagesUnlessNone = (images: readonly string[]): string[] | undefined => (images.length ? [...images] : undefined);

/** The person to call, as an organisation's `employee`: undefined without a name, the phone left out when empty. */
export function person({ name, phone }: { name: string; phone: string }): PersonLeaf | undefined {
  return name ? { '@type': 'Person', name, telephone: unlessEmpty(phone) } : undefined;
}
