/**
 * A Property Finder XML `<property>` (the feed every UAE CRM publishes for the portal) to a normalised
 * listing, read as exporters write it: the current format (`private_amenities`, a rent's price nested
 * by period) and the older export (`amenities`, a flat price beside `rental_period`), codes or words for
 * the offering and the type, `geopoints` in either order, photo URLs with their `last_updated`. Every
 * field read, and the sources, are in docs/extsource.md.
 */
import { uaeCoordinates } from './coordinates';
import { uaeInstant } from './dates';
import { emirateCode, emirateName } from './emirates';
import { amenityNames, amount, count, portalFurnishing, portalYes, propertyType, rentPeriod, yearlyRent } from './portal-words';
import { clip, plainLine, plainText } from './text';
import type { CompletionStatus, ListingType, NormalisedListing, Rejected, RentPeriod } from './types';
import { bedroomsLabel, emailAddress, httpUrl } from './values';
import { child, childrenNamed, textAt, type XmlElement } from './xml-element';

/** `offering_type`: residential or commercial, sale or rent (some exporters write it in words). */
function offering(value: string): { type: ListingType; commercial: boolean } | undefined {
  const code = value.toUpperCase();
  if (/^[RC][SR]$/.test(code)) return { type: code[1] === 'S' ? 'sale' : 'rent', commercial: code[0] === 'C' };
  const words = value.toLowerCase();
  if (/\b(rent|lease)\b/.test(words)) return { type: 'rent', commercial: words.includes('commercial') };
  if (/\b(sale|sell|buy)\b/.test(words)) return { type: 'sale', commercial: words.includes('commercial') };
  return undefined;
}

const PRICE_PERIODS: ReadonlyArray<[string, RentPeriod]> = [['yearly', 'year'], ['monthly', 'month'], ['weekly', 'week'], ['daily', 'day']];

/**
 * A rent as stated: the first period a nested `<price>` fills (yearly first), else the flat price for
 * `rental_period` (a year when it names none, as UAE rents are quoted). Null when unknown.
 */
function rentStated(property: XmlElement): { amount: number; period: RentPeriod } | null {
  const element = child(property, 'price');
  for (const [name, period] of PRICE_PERIODS) {
    const value = amount(textAt(element, name));
    if (value !== null) return { amount: value, period };
  }
  const flat = amount(element?.children.length ? '' : element?.text);
  return flat === null ? null : { amount: flat, period: rentPeriod(textAt(property, 'rental_period')) ?? 'year' };
}

/** The sale price, or a year's rent with the period the feed stated it for; null when unknown or on request. */
function price(property: XmlElement, type: ListingType, onRequest: boolean): Pick<NormalisedListing, 'price' | 'rent_period'> {
  if (type === 'sale') return { price: onRequest ? null : amount(child(property, 'price')?.text) };
  const rent = onRequest ? null : rentStated(property);
  return rent ? { price: yearlyRent(rent.amount, rent.period), rent_period: rent.period } : { price: null };
}

function completionStatus(value: string): CompletionStatus {
  const key = value.toLowerCase().replace(/[\s-]+/g, '_');
  if (key.startsWith('off_plan')) return 'off_plan';
  if (key.startsWith('completed') || key === 'ready') return 'ready';
  return '';
}

const urls = (container: XmlElement | undefined) => [...new Set(childrenNamed(container, 'url').map((url) => httpUrl(url.text.trim())).filter(Boolean))];

export function mapPropertyFinderProperty(property: XmlElement): NormalisedListing | Rejected {
  const read = (...path: string[]) => textAt(property, ...path);
  const reference = clip(read('reference_number'), 100);
  const offered = offering(read('offering_type'));
  if (!reference) return { reference: '', reason: 'missing reference_number', listing_type: offered?.type ?? null };
  if (!offered) return { reference, reason: `offering_type "${clip(read('offering_type'), 40)}" is not RS, RR, CS or CR`, listing_type: null };

  const city = plainLine(read('city'), 100);
  const stateId = emirateCode(city);
  const coordinates = uaeCoordinates(read('geopoints'));
  const onRequest = portalYes(read('price_on_application'));
  const agent = child(property, 'agent');
  const agentField = (name: string) => textAt(agent, name) || read(`agent_${name}`);
  const amenities = amenityNames([
    { codes: [read('private_amenities'), read('amenities'), ...childrenNamed(child(property, 'amenities'), 'amenity').map((item) => item.text)], commercial: false },
    { codes: [read('commercial_amenities')], commercial: true },
  ]);
  return {
    reference,
    listing_type: offered.type,
    title: plainLine(read('title_en'), Infinity) || plainLine(read('property_name')),
    category: plainLine(propertyType(read('property_type')), 100),
    // The feed lists what it offers: a listing in it is available.
    listing_status: '',
    available: true,
    property_name: plainLine(read('property_name')),
    community: plainLine(read('community')),
    community_id: '',
    sub_community: plainLine(read('sub_community')),
    city,
    state_id: stateId ?? '',
    state_name: stateId ? emirateName(stateId) : city,
    bedrooms: bedroomsLabel(read('bedroom')),
    bathrooms: count(read('bathroom')),
    area_sqft: amount(read('size')),
    ...price(property, offered.type, onRequest),
    price_on_request: onRequest,
    currency: clip(read('currency'), 3).toUpperCase() || 'AED',
    agent_name: plainLine(agentField('name')),
    agent_phone: clip(agentField('phone'), 50),
    agent_email: emailAddress(agentField('email')),
    agent_photo: httpUrl(agentField('photo')),
    description: plainText(read('description_en')),
    title_ar: plainLine(read('title_ar'), Infinity),
    description_ar: plainText(read('description_ar')),
    images: urls(child(property, 'photo')),
    brochure_url: '',
    latitude: coordinates?.latitude ?? null,
    longitude: coordinates?.longitude ?? null,
    handover_date: '',
    provider_updated_at: uaeInstant(property.attributes.last_update ?? property.attributes.last_updated),
    permit_number: clip(read('permit_number'), 100),
    completion_status: completionStatus(read('completion_status')),
    furnishing: portalFurnishing(read('furnished')),
    parking: plainLine(read('parking'), 50),
    view: plainLine(read('view')),
    fittings: amenities.join(', '),
  };
}
