/**
 * An item's page as schema.org JSON-LD, the shape every catalogue's detail answer shares (decision 115):
 * a `RealEstateListing` (schema.org's type for a property site's detail page, the only node that carries
 * both the place and its offer) in the request's language, whose `mainEntity` is the catalogue's own node
 * of the home or building; the agency publishing it with the item's agent as its employee; its offer
 * made by the agency. The kinds of home schema.org has a type for are here once. A catalogue says what
 * its item is (its node, its offer, its maker when it has one); fields without a value are undefined, so
 * the answer's JSON leaves them out. Pure.
 */
import type { Offer, Organization, RealEstateAgentLeaf, RealEstateListingLeaf, Thing, WithContext } from 'schema-dts';
import type { Locale } from '../../../lib/locale';
import { SCHEMA_CONTEXT, person, unlessEmpty } from '../../../lib/structured-data';
import { agencyId, agencyNode } from '../../website/services/agency';
import type { PropertyType } from './options';

/** The property types schema.org calls apartments, and houses. */
export const APARTMENT_TYPES: ReadonlySet<string> = new Set<PropertyType>(['Apartment', 'Penthouse']);
export const HOUSE_TYPES: ReadonlySet<string> = new Set<PropertyType>(['Villa', 'Townhouse']);

/** An offer's maker: the agency's one node, by its `@id`. */
export const offeredByAgency = () => ({ '@id': agencyId() });

/** The agency, with the item's own agent as its employee when one is named. */
export function agencyWith(agent: { name: string; phone: string }, locale: Locale): RealEstateAgentLeaf {
  return { ...agencyNode(locale), employee: person(agent) };
}

export interface ItemPage {
  url: string;
  name: string;
  description: string;
  locale: Locale;
  /** The item's reference, when the catalogue has one. */
  identifier?: string;
  image: string[] | undefined;
  /** The catalogue's own node of what is offered. */
  mainEntity: Thing;
  /** Who made it, when it is not the agency (a building's developer). */
  provider?: Organization;
  agent: { name: string; phone: string };
  offers: Offer | undefined;
}

/** The item's page as JSON-LD; `identifier` and `provider` only when the catalogue gives them. */
export function itemPageData(page: ItemPage): WithContext<RealEstateListingLeaf> {
  return {
    '@context': SCHEMA_CONTEXT,
    '@type': 'RealEstateListing',
    url: page.url,
    name: page.name,
    description: unlessEmpty(page.description),
    inLanguage: page.locale,
    ...('identifier' in page ? { identifier: page.identifier } : {}),
    image: page.image,
    mainEntity: page.mainEntity,
    ...('provider' in page ? { provider: page.provider } : {}),
    publisher: agencyWith(page.agent, page.locale),
    offers: page.offers,
  };
}
