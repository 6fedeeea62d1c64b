/**
 * Reelly-style off-plan projects (and their developers) to normalised projects. A list entry has the
 * card basics; a detail entry adds unit types, amenities, payment plans, coordinates and media. Both
 * map through here, so a project is the same whichever of the two it came from.
 */
import { uaeCoordinates } from './coordinates';
import { emirateCode, emirateName } from './emirates';
import { bedroomsRangeLabel, completionOf, formatPrice } from './formatting';
import type { Developer, NormalisedProject, PaymentPlan, Rejected, UnitType } from './types';
import { bedroomsLabel, list, number, slugify, text } from './values';

export type ReellyRecord = Record<string, unknown>;

export interface ProjectDefaults {
  agent: { name: string; phone: string };
  currency: string;
}

const urlOf = (value: unknown): string => {
  const url = value && typeof value === 'object' ? text((value as { url?: unknown }).url) : text(value);
  return /^https?:\/\//i.test(url) ? url : '';
};

export function mapReellyDeveloper(record: ReellyRecord | undefined | null): Developer {
  const name = text(record?.name);
  const id = number(record?.id);
  return { id: id ?? 0, name, slug: text(record?.slug) || slugify(name), logo: urlOf(record?.logo) };
}

function unitTypes(record: ReellyRecord): UnitType[] {
  return list(record.unit_types as ReellyRecord[] | undefined).map((unit) => ({
    bedrooms: bedroomsLabel(unit.bedrooms),
    size_from_sqft: number(unit.size_from),
    size_to_sqft: number(unit.size_to),
    price_from: number(unit.price_from),
    price_to: number(unit.price_to),
  }));
}

function paymentPlans(record: ReellyRecord): PaymentPlan[] {
  return list(record.payment_plans as ReellyRecord[] | undefined).map((plan) => ({
    name: text(plan.name),
    steps: list(plan.steps as ReellyRecord[] | undefined).map((step) => ({ label: text(step.label), percent: number(step.percent) })),
  }));
}

function areaRange(units: UnitType[]): string {
  const sizes = units.flatMap((unit) => [unit.size_from_sqft, unit.size_to_sqft]).filter((size): size is number => size !== null);
  if (sizes.length === 0) return '';
  const min = Math.min(...sizes);
  const max = Math.max(...sizes);
  const format = (size: number) => Math.round(size).toLocaleString('en-US');
  return min === max ? `${format(min)} sq.ft` : `${format(min)} - ${format(max)} sq.ft`;
}

export function mapReellyProject(record: ReellyRecord, defaults: ProjectDefaults): NormalisedProject | Rejected {
  const id = text(record.id);
  const name = text(record.name);
  if (!id) return { reference: '', reason: 'missing id' };
  if (!name) return { reference: id, reason: 'missing name' };

  const stateId = emirateCode(text(record.region));
  const district = text(record.district);
  const city = stateId ? emirateName(stateId) : text(record.region);
  const location = [district, city].filter(Boolean).join(', ');
  const units = unitTypes(record);
  const bedroomTypes = [...new Set(units.map((unit) => unit.bedrooms).filter(Boolean))];
  const bedroomsText = bedroomsRangeLabel(bedroomTypes);
  const currency = text(record.currency) || defaults.currency;
  const startingFrom = number(record.min_price);
  const completion = completionOf(text(record.completion_date));
  const cover = urlOf(record.cover_image);
  const gallery = list(record.gallery as unknown[] | undefined).map(urlOf).filter(Boolean);
  const coordinates = record.coordinates && typeof record.coordinates === 'object'
    ? uaeCoordinates((record.coordinates as ReellyRecord).lat, (record.coordinates as ReellyRecord).lng)
    : uaeCoordinates(text(record.coordinates));

  return {
    id,
    ref_no: text(record.ref_no) || `OP-${id}`,
    name,
    location,
    developer: mapReellyDeveloper(record.developer as ReellyRecord | undefined),
    bedrooms: { label: bedroomsText, types: bedroomTypes },
    price: { starting_from: startingFrom, formatted: formatPrice(startingFrom, currency), currency },
    completion: { date: completion.date, year: completion.year },
    image: cover,
    images: [...new Set([cover, ...gallery].filter(Boolean))],
    state_id: stateId ?? '',
    state_name: stateId ? emirateName(stateId) : text(record.region),
    city,
    community: district,
    community_id: text(record.district_id),
    sub_community: text(record.sub_district),
    category: text(record.category) || 'Residential',
    status: 'Off-Plan',
    agent: defaults.agent,
    badge: text(record.sale_status),
    address: location,
    specs: { beds: bedroomsText, bathrooms: '', area: areaRange(units) },
    description: text(record.description),
    apartments: units,
    facilities: list(record.amenities as unknown[] | undefined).map((amenity) =>
      amenity && typeof amenity === 'object' ? text((amenity as ReellyRecord).name) : text(amenity)
    ).filter(Boolean),
    coordinates,
    gallery,
    payment_plans: paymentPlans(record),
    completion_sort: completion.sortKey,
  };
}
