/**
 * A Bayut / dubizzle XML `<Property>` (the combined feed CRMs publish for both portals) to a normalised
 * listing, read as exporters write it: tag names in any case (`Property_purpose`, `Off_Plan`,
 * `Bathroom` or `Bathrooms`), a studio as `-1`, `0` or `studio`, a price with its currency after it, a
 * rent for the period `Rent_Frequency` names, a size in square feet or metres, amenities as names. A
 * listing whose `Property_Status` is not `live` is stored as withdrawn. Every field read, and the
 * sources, are in docs/extsource.md.
 */
import { sqftFromSqm } from './area';
import { uaeCoordinates } from './coordinates';
import { uaeInstant } from './dates';
import { emirateCode, emirateName } from './emirates';
import { amount, count, portalFurnishing, portalYes, propertyType, rentPeriod, writtenAmenities, yearlyRent } from './portal-words';
import { clip, plainLine, plainText } from './text';
import type { CompletionStatus, ListingType, NormalisedListing, Rejected } from './types';
import { bedroomsLabel, emailAddress, httpUrl } from './values';
import { child, childrenNamed, textAt, type XmlElement } from './xml-element';

function purpose(value: string): ListingType | undefined {
  const words = value.toLowerCase();
  if (words === '') return undefined;
  return /rent|lease/.test(words) ? 'rent' : 'sale';
}

/** Bedrooms: `-1` and `studio` are a studio, as `0` is on the listings. */
const bedrooms = (value: string) => bedroomsLabel(value.trim() === '-1' ? 'Studio' : value);

/** The built-up area in square feet, from the unit `Property_Size_Unit` names (square feet when none). */
function areaSqft(size: string, unit: string): number | null {
  const value = amount(size);
  if (value === null) return null;
  return /^sq\.?\s*m|^sqm|metre|meter/i.test(unit.trim()) ? sqftFromSqm(value) : value;
}

const completionStatus = (offPlan: string): CompletionStatus => (offPlan === '' ? '' : portalYes(offPlan) ? 'off_plan' : 'ready');

export function mapBayutProperty(property: XmlElement): NormalisedListing | Rejected {
  const read = (...path: string[]) => textAt(property, ...path);
  const reference = clip(read('property_ref_no'), 100);
  const type = purpose(read('property_purpose'));
  if (!reference) return { reference: '', reason: 'missing Property_Ref_No', listing_type: type ?? null };
  if (!type) return { reference, reason: 'missing Property_purpose', listing_type: null };

  const status = plainLine(read('property_status'), 100);
  const city = plainLine(read('city'), 100);
  const stateId = emirateCode(city);
  const coordinates = uaeCoordinates(read('geopoints')) ?? uaeCoordinates(read('latitude'), read('longitude') || undefined);
  const price = amount(read('price'));
  // A sale's Rent_Frequency is an exporter's default, never a period.
  const period = type === 'rent' && price !== null ? (rentPeriod(read('rent_frequency')) ?? 'year') : undefined;
  return {
    reference,
    listing_type: type,
    title: plainLine(read('property_title'), Infinity) || plainLine(read('tower_name')),
    category: plainLine(propertyType(read('property_type')), 100),
    listing_status: status,
    available: status === '' || status.toLowerCase() === 'live',
    property_name: plainLine(read('tower_name')),
    community: plainLine(read('locality')),
    community_id: '',
    sub_community: plainLine(read('sub_locality')),
    city,
    state_id: stateId ?? '',
    state_name: stateId ? emirateName(stateId) : city,
    bedrooms: bedrooms(read('bedrooms')),
    bathrooms: count(read('bathrooms') || read('bathroom')),
    area_sqft: areaSqft(read('property_size'), read('property_size_unit')),
    price: price !== null && period ? yearlyRent(price, period) : price,
    ...(period && { rent_period: period }),
    price_on_request: false,
    currency: 'AED',
    agent_name: plainLine(read('listing_agent')),
    agent_phone: clip(read('listing_agent_phone'), 50),
    agent_email: emailAddress(read('listing_agent_email')),
    agent_photo: httpUrl(read('listing_agent_photo')),
    description: plainText(read('property_description')),
    title_ar: plainLine(read('property_title_ar'), Infinity),
    description_ar: plainText(read('property_description_ar')),
    images: [...new Set(childrenNamed(child(property, 'images'), 'image').map((image) => httpUrl(image.text.trim())).filter(Boolean))],
    brochure_url: '',
    latitude: coordinates?.latitude ?? null,
    longitude: coordinates?.longitude ?? null,
    handover_date: '',
    provider_updated_at: uaeInstant(read('last_updated')),
    permit_number: clip(read('permit_number'), 100),
    completion_status: completionStatus(read('off_plan')),
    furnishing: portalFurnishing(read('furnished')),
    parking: '',
    view: '',
    fittings: writtenAmenities(childrenNamed(child(property, 'features'), 'feature').map((feature) => feature.text)).join(', '),
  };
}
