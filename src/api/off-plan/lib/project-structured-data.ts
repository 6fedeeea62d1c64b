/**
 * A project's schema.org JSON-LD (decision 115), what the website prints in the project page as it is:
 * the page as a `RealEstateListing` (schema.org's type for a property site's detail page, and the only
 * node that may carry both the place and its offer: a `Residence` is a `Place`, which has no `offers`
 * and no maker), whose `mainEntity` is the project as an `ApartmentComplex` (its homes are all
 * apartments or penthouses) or else a `Residence` (villas and townhouses, or homes of mixed kinds),
 * with its address, coordinates and images; the developer as the listing's `provider` (the producer the
 * agency sells for); the agency as `RealEstateAgent` publishing it; and, when the project has a starting
 * price, an `AggregateOffer` from it. Typed with schema-dts, so TypeScript refuses a type or property
 * schema.org does not have. Pure: the project already in the request's language (project-locale.ts).
 */
import type { AggregateOffer, ApartmentComplexLeaf, OrganizationLeaf, PostalAddress, RealEstateListingLeaf, ResidenceLeaf, WithContext } from 'schema-dts';
import type { Locale } from '../../../lib/locale';
import { geoCoordinates, imagesUnlessNone, uaeAddress, unlessEmpty } from '../../../lib/structured-data';
import type { NormalisedProject } from '../../../plugins/extsource/server/src/public';
import { APARTMENT_TYPES, itemPageData, offeredByAgency } from '../../catalogues/services/structured-data';
import { propertyTypesNamed } from '../../catalogues/services/vocabulary';

/** Whether every kind of home the project offers is an apartment (and it names at least one). */
function isApartmentComplex(project: NormalisedProject): boolean {
  const kinds = project.property_types.flatMap(propertyTypesNamed);
  return kinds.length > 0 && kinds.every((kind) => APARTMENT_TYPES.has(kind));
}

/** Where it is: the sub-community and community as the street address, the city, the emirate, the UAE. */
const address = (project: NormalisedProject): PostalAddress => uaeAddress([project.sub_community, project.community], project.city, project.state_name);

/** Every picture of it once, the featured one first; undefined when it has none. */
const imagesOf = (project: NormalisedProject) => imagesUnlessNone([...new Set([project.image, ...project.images, ...project.gallery].filter(Boolean))]);

function residence(project: NormalisedProject): ApartmentComplexLeaf | ResidenceLeaf {
  const { coordinates } = project;
  return {
    '@type': isApartmentComplex(project) ? 'ApartmentComplex' : 'Residence',
    name: project.name,
    address: address(project),
    geo: geoCoordinates(coordinates?.latitude, coordinates?.longitude),
    image: imagesOf(project),
  };
}

function developer({ developer }: NormalisedProject): OrganizationLeaf {
  return { '@type': 'Organization', name: developer.name, logo: unlessEmpty(developer.logo) };
}

/** From its starting price, in the currency that price is in; none without a price. */
function offers({ price }: NormalisedProject): AggregateOffer | undefined {
  if (price.starting_from === null) return undefined;
  return { '@type': 'AggregateOffer', lowPrice: price.starting_from, priceCurrency: price.currency, offeredBy: offeredByAgency() };
}

/** The project's JSON-LD in `locale`, its page at `url`; the developer as the listing's `provider`. */
export function projectStructuredData(project: NormalisedProject, locale: Locale, url: string): WithContext<RealEstateListingLeaf> {
  return itemPageData({
    url,
    name: project.name,
    description: project.description,
    locale,
    image: imagesOf(project),
    mainEntity: residence(project),
    provider: developer(project),
    agent: project.agent,
    offers: offers(project),
  });
}
