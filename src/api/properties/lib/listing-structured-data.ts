/**
 * A listing's schema.org JSON-LD, what the website prints in the listing's page as it is (as a
 * project's, decision 115): the page as a `RealEstateListing` with its offer (an `OfferForPurchase` or an
 * `OfferForLease`: its price, yearly for a rent, from the agency), whose `mainEntity` is the home itself — an `Apartment`
 * (apartments, penthouses), a `House` (villas, townhouses) or else an `Accommodation` — with its rooms,
 * floor size, address, coordinates and images; the agency publishing it with the listing's agent as its
 * employee. Typed with schema-dts. Pure: the card already in the request's language.
 */
import type { AccommodationLeaf, ApartmentLeaf, HouseLeaf, Offer, RealEstateListingLeaf, WithContext } from 'schema-dts';
import type { Locale } from '../../../lib/locale';
import { geoCoordinates, imagesUnlessNone, uaeAddress } from '../../../lib/structured-data';
import { APARTMENT_TYPES, HOUSE_TYPES, itemPageData, offeredByAgency } from '../../catalogues/services/structured-data';
import type { ListingCard } from './card';
import type { Listing } from './listing';
import { listingOptions } from './options';

/** schema.org's offers to sell and to lease out. */
const OFFER_TYPE = { sale: 'OfferForPurchase', rent: 'OfferForLease' } as const;

function home(listing: Listing, card: ListingCard): AccommodationLeaf | ApartmentLeaf | HouseLeaf {
  const kind = listingOptions(listing).property_type ?? '';
  const bedrooms = card.bedrooms === 'Studio' ? 0 : card.bedrooms === null ? undefined : Number(card.bedrooms);
  return {
    '@type': APARTMENT_TYPES.has(kind) ? 'Apartment' : HOUSE_TYPES.has(kind) ? 'House' : 'Accommodation',
    name: card.title,
    numberOfBedrooms: Number.isFinite(bedrooms) ? bedrooms : undefined,
    numberOfBathroomsTotal: card.bathrooms ?? undefined,
    floorSize: card.area.sqft === null ? undefined : { '@type': 'QuantitativeValue', value: card.area.sqft, unitCode: 'FTK', unitText: 'sq.ft' },
    address: uaeAddress([card.sub_community, card.community], card.city, card.state_name ?? ''),
    geo: geoCoordinates(listing.latitude, listing.longitude),
    image: imagesUnlessNone(card.images),
  };
}

/** Its price, yearly for a rent; none when on request. */
function offer(card: ListingCard): Offer | undefined {
  const { amount, currency, period } = card.price;
  if (amount === null) return undefined;
  return {
    '@type': OFFER_TYPE[card.purpose],
    price: amount,
    priceCurrency: currency,
    priceSpecification: period === 'year' ? { '@type': 'UnitPriceSpecification', price: amount, priceCurrency: currency, unitCode: 'ANN', unitText: 'year' } : undefined,
    offeredBy: offeredByAgency(),
  };
}

/** The listing's JSON-LD in `locale`, its page at `card.canonical_url`, its reference its identifier. */
export function listingStructuredData(listing: Listing, card: ListingCard, description: string, locale: Locale): WithContext<RealEstateListingLeaf> {
  return itemPageData({
    url: card.canonical_url,
    name: card.title,
    description,
    locale,
    identifier: card.reference,
    image: imagesUnlessNone(card.images),
    mainEntity: home(listing, card),
    agent: card.agent,
    offers: offer(card),
  });
}
