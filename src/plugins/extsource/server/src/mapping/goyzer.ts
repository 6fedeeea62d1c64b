/**
 * Goyzer-style listing units (UnitDTO) to normalised listings. Handles the quirks seen in the wild:
 * empty elements arriving as empty objects, one image arriving as an object instead of a list,
 * coordinates in either order, prices with separators.
 */
import { uaeCoordinates } from './coordinates';
import { emirateCode, emirateName } from './emirates';
import type { ListingType, NormalisedListing, Rejected } from './types';
import { bedroomsLabel, isoDate, list, number, text } from './values';

export type UnitDTO = Record<string, unknown>;

interface ImageNode {
  ImageURL?: unknown;
}

function imageUrls(images: unknown): string[] {
  const container = images && typeof images === 'object' ? (images as { Image?: unknown }).Image : undefined;
  return list(container as ImageNode | ImageNode[] | undefined)
    .map((image) => text(image?.ImageURL))
    .filter((url) => /^https?:\/\//i.test(url));
}

export function mapGoyzerUnit(unit: UnitDTO, listingType: ListingType): NormalisedListing | Rejected {
  const reference = text(unit.RefNo);
  if (!reference) return { reference: '', reason: 'missing RefNo' };

  const stateId = emirateCode(text(unit.StateName)) ?? emirateCode(text(unit.CityName));
  const coordinates = uaeCoordinates(text(unit.ProGooglecoordinates));
  return {
    reference,
    listing_type: listingType,
    title: text(unit.MarketingTitle) || text(unit.PropertyName),
    category: text(unit.Category),
    listing_status: text(unit.Status),
    property_name: text(unit.PropertyName),
    community: text(unit.Community),
    community_id: text(unit.CommunityID),
    sub_community: text(unit.SubCommunity),
    city: text(unit.CityName),
    state_id: stateId ?? '',
    state_name: stateId ? emirateName(stateId) : text(unit.StateName),
    bedrooms: bedroomsLabel(unit.Bedrooms),
    bathrooms: number(unit.NoOfBathrooms),
    area_sqft: number(unit.BuiltupArea),
    price: number(listingType === 'sale' ? unit.SellPrice : unit.Rent),
    currency: text(unit.CurrencyAbr) || 'AED',
    agent_name: text(unit.Agent),
    agent_phone: text(unit.ContactNumber),
    description: text(unit.Remarks),
    images: imageUrls(unit.Images),
    latitude: coordinates?.latitude ?? null,
    longitude: coordinates?.longitude ?? null,
    handover_date: text(unit.HandoverDate),
    provider_updated_at: isoDate(unit.LastUpdated),
  };
}
