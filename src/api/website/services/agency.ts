/**
 * The agency that runs the site, as the structured data names it (decisions 115-116): its name in each
 * language, AGENCY_NAME and AGENCY_NAME_AR (the English name where the other is unset: a brand is often
 * written the same way in both), read at start by config/agency.ts and handed to `useAgencyNames`; and
 * its one node (one `@id` in every language and on every page, so search engines see one agency).
 */
import type { RealEstateAgentLeaf } from 'schema-dts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../lib/locale';
import { pageUrl } from './site-pages';

export type AgencyNames = Readonly<Record<Locale, string>>;

/** The demo's brand, until AGENCY_NAME says the agency's own. */
export const DEFAULT_AGENCY_NAME = 'Luxury Estates';

type EnvReader = (name: string) => string | undefined;

/** The names from the environment: AGENCY_NAME, and AGENCY_NAME_<LOCALE> (AGENCY_NAME_AR) for each other language. */
export function agencyNamesFrom(env: EnvReader): AgencyNames {
  const english = env('AGENCY_NAME')?.trim() || DEFAULT_AGENCY_NAME;
  const nameIn = (locale: Locale) => (locale === DEFAULT_LOCALE ? english : env(`AGENCY_NAME_${locale.toUpperCase()}`)?.trim() || english);
  return Object.fromEntries(LOCALES.map((locale) => [locale, nameIn(locale)])) as Record<Locale, string>;
}

let names: AgencyNames = agencyNamesFrom(() => undefined);

/** Makes `configured` the agency's names (at start, from config/agency.ts). */
export function useAgencyNames(configured: AgencyNames): void {
  names = configured;
}

/** The agency's name in `locale`. */
export const agencyName = (locale: Locale): string => names[locale];

/** The agency's `@id`: its contact page (in the default language) with a fragment, whatever page names it. */
export const agencyId = (): string => `${pageUrl('contact', DEFAULT_LOCALE)}#agency`;

/** The agency as `RealEstateAgent` in `locale`: its id, its name there and its contact page. */
export function agencyNode(locale: Locale): RealEstateAgentLeaf & { '@id': string } {
  return { '@type': 'RealEstateAgent', '@id': agencyId(), name: agencyName(locale), url: pageUrl('contact', locale) };
}
