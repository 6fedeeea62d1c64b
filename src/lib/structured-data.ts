/**
 * What every schema.org JSON-LD answer shares (decision 115): the context, an address, and the rule that
 * a field without a value is left out (the agency's node is the website's: src/api/website/services/agency.ts).
 * Plain code, no Strapi, no domain.
 */
import type { PostalAddress } from 'schema-dts';

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
