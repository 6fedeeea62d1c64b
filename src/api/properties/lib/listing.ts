/**
 * A synced sale or rent listing as the public routes see it (issue 43): the stored row read once into
 * plain values, and the rule that decides whether it may be advertised. Pure, no Strapi.
 */
import type { EmirateCode, ListedRow, NormalisedListing } from '../../../plugins/extsource/server/src/public';

export const PURPOSES = ['sale', 'rent'] as const;
export type Purpose = (typeof PURPOSES)[number];

/** What the public routes read of the mapped listing (the plugin's), the card's agent in one object. */
type Kept =
  | 'reference' | 'title' | 'title_ar' | 'description' | 'description_ar' | 'category' | 'property_name' | 'community' | 'sub_community'
  | 'city' | 'state_id' | 'bedrooms' | 'bathrooms' | 'area_sqft' | 'price' | 'price_on_request' | 'currency' | 'images' | 'brochure_url'
  | 'latitude' | 'longitude' | 'handover_date' | 'permit_number' | 'completion_status' | 'furnishing' | 'parking' | 'view' | 'fittings';

export interface Listing extends Pick<NormalisedListing, Kept> {
  id: number;
  purpose: Purpose;
  agent: { name: string; phone: string; photo: string };
  /** The agent's e-mail: for the lead of an enquiry about the listing, never on a public answer. */
  agent_email: string;
  /** When the provider last changed it (else when it was first synced), epoch ms: the newest-first order. */
  listed_at: number;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const numberOrNull = (value: unknown): number | null => {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) ? number : null;
};
const time = (value: unknown): number => {
  const at = value instanceof Date ? value.getTime() : typeof value === 'string' || typeof value === 'number' ? new Date(value).getTime() : NaN;
  return Number.isFinite(at) ? at : 0;
};
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item !== '') : []);

/** The row as the public routes read it (SQLite and PostgreSQL give numbers, booleans and dates in their own types). */
export function listingOf(row: ListedRow): Listing {
  const completion = text(row.completion_status);
  return {
    id: row.id,
    reference: text(row.reference),
    purpose: row.listing_type === 'rent' ? 'rent' : 'sale',
    title: text(row.title),
    title_ar: text(row.title_ar),
    description: text(row.description),
    description_ar: text(row.description_ar),
    category: text(row.category),
    property_name: text(row.property_name),
    community: text(row.community),
    sub_community: text(row.sub_community),
    city: text(row.city),
    state_id: text(row.state_id) as EmirateCode | '',
    bedrooms: text(row.bedrooms),
    bathrooms: numberOrNull(row.bathrooms),
    area_sqft: numberOrNull(row.area_sqft),
    price: numberOrNull(row.price),
    price_on_request: row.price_on_request === true || row.price_on_request === 1,
    currency: text(row.currency) || 'AED',
    agent: { name: text(row.agent_name), phone: text(row.agent_phone), photo: text(row.agent_photo) },
    agent_email: text(row.agent_email),
    images: strings(row.images),
    brochure_url: text(row.brochure_url),
    latitude: numberOrNull(row.latitude),
    longitude: numberOrNull(row.longitude),
    handover_date: text(row.handover_date),
    permit_number: text(row.permit_number),
    completion_status: completion === 'ready' || completion === 'off_plan' ? completion : '',
    furnishing: text(row.furnishing),
    parking: text(row.parking),
    view: text(row.view),
    fittings: text(row.fittings),
    listed_at: time(row.provider_updated_at) || time(row.createdAt),
  };
}

/** A listing that left the market (sold, rented, withdrawn): when, epoch ms. */
export interface GoneListing extends Listing {
  left_at: number;
}

export const goneListingOf = (row: ListedRow): GoneListing => ({ ...listingOf(row), left_at: time(row.deactivated_at) });

/** The emirate whose adverts need a permit number (RERA's, in Dubai). */
const PERMIT_EMIRATE: EmirateCode = 'DU';

/** Whether the listing may be advertised: a Dubai listing without its permit may not, unless `requirePermit` is off. */
export const mayAdvertise = (listing: Listing, requirePermit: boolean): boolean =>
  !requirePermit || listing.state_id !== PERMIT_EMIRATE || listing.permit_number.trim() !== '';

/** Why an active listing is kept off the website, for editors (the plugin's admin page); null when it may be advertised. */
export const offSiteReason = (listing: Listing, requirePermit: boolean): string | null =>
  mayAdvertise(listing, requirePermit) ? null : 'Not on the website: an advert in Dubai needs its RERA permit number, and the CRM sent none (PROPERTIES_REQUIRE_PERMIT).';
