/**
 * Goyzer listing units (`UnitDTO`) to normalised listings, read as the real service sends them:
 * every field present, empty ones as empty elements (parsed as "" or {}), one image as an object
 * instead of a list, `Remarks` holding a CDATA section as text with HTML inside, prices such as
 * `5399898.0000`, `PriceOnApplication` Yes/No, US dates in UAE time, coordinates in either order.
 * Every field read, and every field ignored, is listed in docs/extsource.md.
 */
import { uaeCoordinates } from './coordinates';
import { calendarDay, uaeInstant } from './dates';
import { emirateCode, emirateName } from './emirates';
import { clip, plainLine, plainText } from './text';
import type { CompletionStatus, ListingType, NormalisedListing, Rejected } from './types';
import { bedroomsLabel, emailAddress, httpUrl, list, number, text } from './values';

export type UnitDTO = Record<string, unknown>;

/**
 * Statuses that must not be advertised (compared lower-cased, spaces and dashes ignored). Anything
 * else, including an empty status, is a listing the feed offers.
 */
const NOT_AVAILABLE = new Set([
  'blocked', 'sold', 'rented', 'leased', 'reserved', 'underoffer', 'offmarket', 'withdrawn', 'expired',
  'deleted', 'draft', 'pending', 'inactive', 'cancelled', 'canceled', 'onhold', 'booked', 'archived',
]);

const statusKey = (status: string) => status.toLowerCase().replace(/[\s_-]+/g, '');

export function isAvailableStatus(status: string): boolean {
  return !NOT_AVAILABLE.has(statusKey(status));
}

/** The incremental feed marks sold or withdrawn units as DELETED. */
export function isDeletedUnit(unit: UnitDTO): boolean {
  return statusKey(text(unit.Status)) === 'deleted';
}

function imageUrls(images: unknown): string[] {
  const container = images && typeof images === 'object' ? (images as { Image?: unknown }).Image : undefined;
  const urls = list(container as Record<string, unknown> | Array<Record<string, unknown>> | undefined)
    .map((image) => httpUrl(image?.ImageURL ?? image?.ImageUrl ?? image?.Url))
    .filter(Boolean);
  return [...new Set(urls)];
}

function completionStatus(value: unknown): CompletionStatus {
  const key = statusKey(text(value));
  if (key === 'offplan' || key === 'underconstruction') return 'off_plan';
  if (key === 'ready' || key === 'readytomove' || key === 'secondary' || key === 'completed') return 'ready';
  return '';
}

function furnishing(value: unknown): string {
  const key = statusKey(text(value));
  if (key === 'furnished' || key === 'fullyfurnished') return 'furnished';
  if (key === 'semifurnished' || key === 'partlyfurnished' || key === 'partfurnished') return 'semi-furnished';
  if (key === 'unfurnished' || key === 'notfurnished') return 'unfurnished';
  return '';
}

const yes = (value: unknown) => /^(yes|true|1|y)$/i.test(text(value));

/** Sale price, or yearly rent (`Rent`, else 12 x `RentPerMonth`); null when unknown, zero or on request. */
function price(unit: UnitDTO, listingType: ListingType, onRequest: boolean): number | null {
  if (onRequest) return null;
  const yearly = listingType === 'sale' ? number(unit.SellPrice) : number(unit.Rent) || (number(unit.RentPerMonth) ?? 0) * 12;
  return yearly && yearly > 0 ? Math.round(yearly * 100) / 100 : null;
}

export function mapGoyzerUnit(unit: UnitDTO, listingType: ListingType): NormalisedListing | Rejected {
  const reference = clip(text(unit.RefNo), 100);
  if (!reference) return { reference: '', reason: 'missing RefNo' };

  const stateId = emirateCode(text(unit.StateName)) ?? emirateCode(text(unit.CityName));
  const coordinates = uaeCoordinates(text(unit.ProGooglecoordinates));
  const status = plainLine(unit.Status, 100);
  const onRequest = yes(unit.PriceOnApplication);
  return {
    reference,
    listing_type: listingType,
    // Kept whole, as the provider wrote it (a text column): marketing titles run past 255 characters.
    title: plainLine(unit.MarketingTitle, Infinity) || plainLine(unit.PropertyName),
    category: plainLine(unit.Category, 100),
    listing_status: status,
    available: isAvailableStatus(status),
    property_name: plainLine(unit.PropertyName),
    community: plainLine(unit.Community),
    community_id: clip(text(unit.CommunityID), 50),
    sub_community: plainLine(unit.SubCommunity),
    city: plainLine(unit.CityName, 100),
    state_id: stateId ?? '',
    state_name: stateId ? emirateName(stateId) : plainLine(unit.StateName, 100),
    bedrooms: bedroomsLabel(unit.Bedrooms),
    bathrooms: number(unit.NoOfBathrooms),
    area_sqft: number(unit.BuiltupArea),
    price: price(unit, listingType, onRequest),
    price_on_request: onRequest,
    currency: clip(text(unit.CurrencyAbr), 3) || 'AED',
    agent_name: plainLine(unit.Agent),
    agent_phone: clip(text(unit.ContactNumber), 50),
    agent_email: emailAddress(unit.SalesmanEmail),
    agent_photo: httpUrl(unit.AgentPhoto),
    description: plainText(unit.Remarks),
    title_ar: plainLine(unit.ArabicTitle, Infinity),
    description_ar: plainText(unit.ArabicDescription),
    images: imageUrls(unit.Images),
    brochure_url: httpUrl(unit.PDFBrochureLink),
    latitude: coordinates?.latitude ?? null,
    longitude: coordinates?.longitude ?? null,
    handover_date: calendarDay(unit.HandoverDate),
    provider_updated_at: uaeInstant(unit.LastUpdated),
    permit_number: clip(text(unit.PermitNumber) || text(unit.ReraStrNo), 100),
    completion_status: completionStatus(unit.ListingType),
    furnishing: furnishing(unit.Furnish_status),
    parking: plainLine(unit.Parking, 50),
    view: plainLine(unit.PrimaryUnitView),
    fittings: plainText(unit.FittingFixtures),
  };
}
