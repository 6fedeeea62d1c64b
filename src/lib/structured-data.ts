/**
 * What every schema.org JSON-LD answer shares (decisions 115-116): the context, the agency that runs the
 * site as one node (one `@id` in every language and on every page, so search engines see one agency),
 * and the rule that a field without a value is left out. Plain code, no Strapi, no domain.
 */
import type { PostalAddress, RealEstateAgentLeaf } from 'schema-dts';
import { agencyName } from './agency';
import { DEFAULT_LOCALE, type Locale } from './locale';
import { pageUrl } from './site-paths';

export const SCHEMA_CONTEXT = 'https://schema.org';

/** A text, or undefined when empty: JSON leaves the field out rather than print an empty value search engines flag. */
export const unlessEmpty = (text: string): string | undefined => text || undefined;

/** The agency's `@id`: its contact page (in the default language) with a fragment, whatever page names it. */
export const agencyId = (): string => `${pageUrl('contact', DEFAULT_LOCALE)}#agency`;

/** The agency as `RealEstateAgent` in `locale`: its id, its name there and its contact page. */
export function agencyNode(locale: Locale): RealEstateAgentLeaf & { '@id': string } {
  return { '@type': 'RealEstateAgent', '@id': agencyId(), name: agencyName(locale), url: pageUrl('contact', locale) };
}

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
