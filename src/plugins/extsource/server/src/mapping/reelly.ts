/**
 * Reelly projects (and developers) to normalised projects: a tolerant reader of both shapes Reelly is
 * known by. The documentation's example puts `region` and `country` at the top level with `developer`
 * as `{ id, name }`; the live API sends a `location` object, `developer` as a name (sometimes an id),
 * `completion_date` as a label ("DEC 2027") beside an ISO `completion_datetime`, `sale_status` as a
 * code with `sale_status_display`, `price_currency`, `min_price` at times wrapped as `{ value }`, and
 * region or city at times as numbers. Every field is looked up wherever either shape puts it. A list
 * entry has the card basics; a detail entry adds `overview`, `typical_units`, `project_amenities`,
 * `payment_plans` and media groups. Both map through here. Field by field: docs/extsource.md.
 *
 * Arabic (decision 57): `sale_status_display` comes as `{ en, ar }` in every answer; names and
 * descriptions come in Arabic from the same endpoints read with `language=ar`, whose record the driver
 * passes beside the English one. An Arabic text equal to the English one is no translation.
 */
import { SQFT_PER_SQM } from './area';
import { uaeCoordinates, type Coordinates } from './coordinates';
import { emirateOfPlace } from './communities';
import { calendarDay } from './dates';
import { emirateCode, emirateName, type EmirateCode } from './emirates';
import { bedroomsRangeLabel, completionOf, formatPrice } from './formatting';
import { intoSiteCurrency } from './money';
import { isRejected } from './rejected';
import { plainLine, plainText } from './text';
import type { Developer, FloorPlan, NormalisedProject, PaymentPlan, ProjectTranslation, Rejected, UnitType } from './types';
import { bedroomsLabel, httpUrl, list, number, slugify, text } from './values';

export type ReellyRecord = Record<string, unknown>;

export interface ProjectDefaults {
  agent: { name: string; phone: string };
  /** The site's currency (AED): prices in it are shown as they are. */
  currency: string;
  /** How many of `currency` one unit of another currency is worth ({ USD: 3.6725 }). */
  currencyRates: Record<string, number>;
}

/** Developers by id and by name, to complete a project's developer from the developer feed. */
export interface DeveloperDirectory {
  byId: Map<number, Developer>;
  byName: Map<string, Developer>;
}

export const OUTSIDE_UAE = 'outside the UAE';
/** Media groups of the detail, in the order the gallery shows them. */
const MEDIA_GROUPS = ['gallery', 'architecture', 'exterior', 'interior', 'lobby', 'amenities_media', 'general_plan', 'master_plan'];
const SALE_STATUS_LABELS: Record<string, string> = {
  on_sale: 'On Sale', out_of_stock: 'Sold Out', presale: 'Presale', start_of_sales: 'Start of Sales', announced: 'Announced',
};
const UAE_NAMES = new Set(['united arab emirates', 'uae', 'u.a.e', 'u.a.e.', 'ae', 'are']);

/** The first value found at any of the paths ("location.region", "region"), skipping empty ones. */
function pick(record: ReellyRecord, ...paths: string[]): unknown {
  for (const path of paths) {
    const value = path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as ReellyRecord)[key] : undefined), record);
    if (value !== undefined && value !== null && value !== '') return value;
  }
  return undefined;
}

/** A place or person named as text or `{ name }`; a bare number is an id without a name: "". */
function nameOf(value: unknown): string {
  if (value && typeof value === 'object' && !Array.isArray(value)) return plainLine((value as ReellyRecord).name);
  return typeof value === 'string' && !/^\d+$/.test(value.trim()) ? plainLine(value) : '';
}

const urlOf = (value: unknown): string => httpUrl(value && typeof value === 'object' ? (value as { url?: unknown }).url : value);

const unique = (values: string[]) => [...new Set(values.filter(Boolean))];

/** A value sent as `{ en, ar }` in one language; any other value is the English one. */
function inLanguage(value: unknown, language: 'en' | 'ar'): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value) && ('en' in value || 'ar' in value)) return (value as ReellyRecord)[language];
  return language === 'en' ? value : undefined;
}

export function mapReellyDeveloper(record: ReellyRecord | undefined | null): Developer {
  const name = plainLine(record?.name);
  return { id: number(record?.id) ?? 0, name, slug: text(record?.slug) || slugify(name), logo: urlOf(record?.logo ?? record?.logo_url) };
}

export function developerDirectory(developers: Developer[]): DeveloperDirectory {
  const directory: DeveloperDirectory = { byId: new Map(), byName: new Map() };
  for (const developer of developers) {
    if (developer.id) directory.byId.set(developer.id, developer);
    if (developer.name) directory.byName.set(slugify(developer.name), developer);
  }
  return directory;
}

/** `developer` as `{ id, name, logo }`, a name or an id, completed from the developer feed when it knows it. */
function developerOf(value: unknown, directory?: DeveloperDirectory): Developer {
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value.trim()))) {
    const id = Number(value);
    return directory?.byId.get(id) ?? { id, name: '', slug: '', logo: '' };
  }
  const given = value && typeof value === 'object' ? mapReellyDeveloper(value as ReellyRecord) : mapReellyDeveloper({ name: value });
  const known = (given.id && directory?.byId.get(given.id)) || (given.name && directory?.byName.get(slugify(given.name)));
  return known || given;
}

interface Place {
  stateId: EmirateCode | undefined;
  region: string;
  city: string;
  district: string;
  districtId: string;
  sector: string;
  country: string;
  coordinates: Coordinates | null;
}

function placeOf(record: ReellyRecord): Place {
  const region = nameOf(pick(record, 'location.region', 'region'));
  const city = nameOf(pick(record, 'location.city', 'city'));
  const district = nameOf(pick(record, 'location.district', 'district'));
  const sector = nameOf(pick(record, 'location.sector', 'sector', 'sub_district'));
  const lat = pick(record, 'location.latitude', 'latitude', 'location_marker.latitude', 'coordinates.lat', 'coordinates.latitude');
  const lng = pick(record, 'location.longitude', 'longitude', 'location_marker.longitude', 'coordinates.lng', 'coordinates.longitude');
  return {
    // An empty region and a numeric city (seen in Reelly's answers) leave the district to say it.
    stateId: emirateCode(region) ?? emirateCode(city) ?? emirateOfPlace(district) ?? emirateOfPlace(city) ?? emirateOfPlace(sector),
    region,
    city,
    district,
    districtId: text(pick(record, 'location.district_id', 'district_id')),
    sector,
    country: nameOf(pick(record, 'location.country', 'country')),
    coordinates: lat !== undefined && lng !== undefined ? uaeCoordinates(lat, lng) : uaeCoordinates(text(record.coordinates)),
  };
}

/** A project is on the site when its country is the UAE, or, with no country given, an emirate or UAE coordinates say so. */
function inUae(place: Place): boolean {
  if (place.country) return UAE_NAMES.has(place.country.toLowerCase());
  return place.stateId !== undefined || place.coordinates !== null;
}

export const isUaeProject = (record: ReellyRecord): boolean => inUae(placeOf(record));

/** What `mapReellyProject` answers for a project outside the UAE, which a catalogue leaves out rather than counting it rejected. */
export const isOutsideUae = (mapped: NormalisedProject | Rejected): boolean => isRejected(mapped) && mapped.reason === OUTSIDE_UAE;

interface Money {
  convert(amount: number | null): number | null;
  /** The currency amounts are shown in: the site's, or the provider's when there is no rate for it. */
  currency: string;
  converted: boolean;
}

/** Amounts in `currency` as the site's currency: as they are, through a configured rate, or not at all. */
function moneyIn(currency: string, defaults: ProjectDefaults): Money {
  const positive = (amount: number | null) => (amount !== null && amount > 0 ? amount : null);
  if (currency === defaults.currency) return { convert: positive, currency, converted: true };
  const rate = defaults.currencyRates[currency];
  if (rate && rate > 0) {
    return { convert: (amount) => (positive(amount) === null ? null : intoSiteCurrency(amount!, rate)), currency: defaults.currency, converted: true };
  }
  return { convert: () => null, currency, converted: false };
}

function sqft(value: unknown, unit = 'sqft'): number | null {
  const size = number(value);
  if (size === null || size <= 0) return null;
  return /m2|sqm|sq\.?\s*m(eter|etre)?s?$/i.test(unit) ? Math.round(size * SQFT_PER_SQM) : size;
}

/** `typical_units` of the detail (AED and sq.ft as named), else the documented `unit_types` (the project's currency). */
function unitTypes(record: ReellyRecord, money: Money, defaults: ProjectDefaults): UnitType[] {
  const typical = list(record.typical_units as ReellyRecord[] | undefined);
  if (typical.length > 0) {
    const aed = moneyIn('AED', defaults);
    return typical.map((unit) => ({
      bedrooms: bedroomsLabel(unit.bedrooms ?? unit.unit_bedrooms),
      size_from_sqft: sqft(unit.from_size_sqft) ?? sqft(unit.from_size_m2, 'm2'),
      size_to_sqft: sqft(unit.to_size_sqft) ?? sqft(unit.to_size_m2, 'm2'),
      price_from: aed.convert(number(unit.from_price_aed)),
      price_to: aed.convert(number(unit.to_price_aed)),
    }));
  }
  const unit = text(record.area_unit) || 'sqft';
  return list(record.unit_types as ReellyRecord[] | undefined).map((type) => ({
    bedrooms: bedroomsLabel(type.bedrooms),
    size_from_sqft: sqft(type.size_from, unit),
    size_to_sqft: sqft(type.size_to, unit),
    price_from: money.convert(number(type.price_from)),
    price_to: money.convert(number(type.price_to)),
  }));
}

/** Bedroom types from the unit types, else from the list's `min_bedrooms` / `max_bedrooms`. */
function bedroomTypes(units: UnitType[], record: ReellyRecord): string[] {
  const fromUnits = unique(units.map((unit) => unit.bedrooms));
  if (fromUnits.length > 0) return fromUnits;
  const min = number(record.min_bedrooms);
  const max = number(record.max_bedrooms) ?? min;
  if (min === null || max === null || min < 0 || max < min || max - min > 12) return [];
  return unique(Array.from({ length: max - min + 1 }, (_, index) => bedroomsLabel(String(min + index))));
}

/** The smallest and largest unit size: of the unit types, else the list's `min_size` / `max_size`. */
function sizeRange(units: UnitType[], record: ReellyRecord): { min: number; max: number } | null {
  let sizes = units.flatMap((unit) => [unit.size_from_sqft, unit.size_to_sqft]).filter((size): size is number => size !== null);
  if (sizes.length === 0) {
    const unit = text(record.area_unit) || 'sqft';
    sizes = [sqft(record.min_size, unit), sqft(record.max_size, unit)].filter((size): size is number => size !== null);
  }
  return sizes.length ? { min: Math.min(...sizes), max: Math.max(...sizes) } : null;
}

function areaText(range: { min: number; max: number } | null): string {
  if (!range) return '';
  const format = (size: number) => Math.round(size).toLocaleString('en-US');
  return range.min === range.max ? `${format(range.min)} sq.ft` : `${format(range.min)} - ${format(range.max)} sq.ft`;
}

const stageLabel = (stage: unknown) => {
  const words = text(stage).replace(/_/g, ' ');
  return words ? words[0].toUpperCase() + words.slice(1) : '';
};

function paymentPlans(record: ReellyRecord): PaymentPlan[] {
  return list(record.payment_plans as ReellyRecord[] | undefined).map((plan) => {
    const steps = list(plan.steps as ReellyRecord[] | undefined).map((step) => ({
      label: plainLine(step.name ?? step.label) || stageLabel(step.stage_type),
      percent: number(step.percentage ?? step.percent),
    }));
    const split = steps.map((step) => step.percent).filter((percent) => percent !== null).join('/');
    return { name: plainLine(plan.name) || split, steps };
  });
}

function facilities(record: ReellyRecord): string[] {
  const amenities = list((record.project_amenities ?? record.amenities) as unknown[] | undefined);
  return unique(amenities.map((entry) => {
    if (!entry || typeof entry !== 'object') return plainLine(entry);
    const item = entry as ReellyRecord;
    return nameOf(item.amenity) || plainLine(item.name);
  }));
}

function badgeOf(record: ReellyRecord): string {
  const display = plainLine(inLanguage(record.sale_status_display, 'en'), 100);
  if (display) return display;
  const status = text(record.sale_status);
  if (!/^[a-z]+(_[a-z]+)*$/.test(status)) return plainLine(status, 100);
  return SALE_STATUS_LABELS[status] ?? stageLabel(status);
}

/** The kinds of home on offer as the feed names them: its `category`, then the unit types it shows. */
function propertyTypes(record: ReellyRecord): string[] {
  const shown = list(record.available_unit_types_display as string[] | string | undefined).map((type) => plainLine(type, 100));
  return unique([plainLine(record.category, 100), ...shown]);
}

function categoryOf(record: ReellyRecord, types: string[]): string {
  const given = plainLine(record.category, 100);
  // The list names unit types in the plural ("Apartments", "Villas"); the card names one category.
  return given || types[0]?.replace(/(?<=[a-z])s$/i, '') || 'Residential';
}

function completion(record: ReellyRecord) {
  const fromDate = completionOf(text(record.completion_datetime));
  return fromDate.sortKey ? fromDate : completionOf(text(record.completion_date));
}

function mediaOf(record: ReellyRecord) {
  const cover = urlOf(pick(record, 'cover_image', 'cover', 'image'));
  const gallery = unique(MEDIA_GROUPS.flatMap((group) => list(record[group] as unknown[] | undefined).map(urlOf)));
  return { cover, gallery, images: unique([cover, ...gallery]) };
}

/** A document's URL, sent as a URL, `{ url }` or `{ file }` (floor plans, brochures). */
const documentUrl = (value: unknown): string =>
  urlOf(value) || (value && typeof value === 'object' ? urlOf((value as { file?: unknown }).file) : '');

/** `floor_plans[]` of the detail: each plan's file, named by its title or its bedrooms. */
function floorPlans(record: ReellyRecord): FloorPlan[] {
  return list(record.floor_plans as ReellyRecord[] | undefined).flatMap((plan) => {
    const url = documentUrl(plan);
    const bedrooms = plan.bedrooms === undefined || plan.bedrooms === null ? '' : bedroomsLabel(plan.bedrooms);
    return url ? [{ name: plainLine(pick(plan, 'title', 'name'), 255) || bedrooms, url }] : [];
  });
}

/** What buyers look for beyond the card, when the detail has it (decision 68): floor plans, brochure, handover day. */
function buyerDocuments(record: ReellyRecord) {
  const floor_plans = floorPlans(record);
  const brochure_url = documentUrl(pick(record, 'marketing_brochure', 'brochure'));
  const handover_date = calendarDay(text(pick(record, 'handover_date', 'completion_datetime')));
  return {
    ...(floor_plans.length ? { floor_plans } : {}),
    ...(brochure_url ? { brochure_url } : {}),
    ...(handover_date ? { handover_date } : {}),
  };
}

/** The Arabic texts of a project: its `language=ar` record's, and the Arabic of its bilingual fields; undefined when there are none. */
function arabicOf(record: ReellyRecord, arabic: ReellyRecord | undefined, english: { name: string; description: string; place: Place }): ProjectTranslation | undefined {
  const place = arabic ? placeOf(arabic) : undefined;
  const own = (value: string, englishValue: string) => (value && value !== englishValue ? value : '');
  const city = own(place?.city ?? '', english.place.city);
  const community = own(place?.district ?? '', english.place.district);
  const sector = own(place?.sector ?? '', english.place.sector);
  const translation: ProjectTranslation = {
    name: own(plainLine(arabic?.name), english.name),
    description: own(plainText(arabic?.overview) || plainText(arabic?.description) || plainText(arabic?.short_description), english.description),
    // Whole, or not at all: never half Arabic, half English.
    location: english.place.district ? (community && city ? `${community}، ${city}` : '') : city,
    city,
    community,
    sub_community: sector && sector !== community ? sector : '',
    badge: plainLine(inLanguage(record.sale_status_display, 'ar') ?? inLanguage(arabic?.sale_status_display, 'ar'), 100),
  };
  return Object.values(translation).some(Boolean) ? translation : undefined;
}

/** A project as the site shows it, or why not: outside the UAE (`isOutsideUae`) before a missing id or name. */
export function mapReellyProject(record: ReellyRecord, defaults: ProjectDefaults, developers?: DeveloperDirectory, arabic?: ReellyRecord): NormalisedProject | Rejected {
  const id = text(record.id);
  const place = placeOf(record);
  if (!inUae(place)) return { reference: id, reason: OUTSIDE_UAE };
  const name = plainLine(record.name);
  if (!id) return { reference: '', reason: 'missing id' };
  if (!name) return { reference: id, reason: 'missing name' };

  const city = place.city || (place.stateId ? emirateName(place.stateId) : place.region);
  const location = unique([place.district, city]).join(', ');
  const money = moneyIn(text(pick(record, 'price_currency', 'currency')).toUpperCase() || defaults.currency, defaults);
  const units = unitTypes(record, money, defaults);
  const bedrooms = bedroomTypes(units, record);
  const bedroomsText = bedroomsRangeLabel(bedrooms);
  const minPrice = number(pick(record, 'min_price', 'price_from', 'starting_price'));
  const startingFrom = money.convert(minPrice);
  const done = completion(record);
  const media = mediaOf(record);
  const types = propertyTypes(record);
  const sizes = sizeRange(units, record);
  const description = plainText(record.overview) || plainText(record.description) || plainText(record.short_description);
  const ar = arabicOf(record, arabic, { name, description, place });

  return {
    id,
    ref_no: plainLine(record.ref_no, 100) || `OP-${id}`,
    name,
    location,
    developer: developerOf(record.developer, developers),
    bedrooms: { label: bedroomsText, types: bedrooms },
    price: {
      starting_from: startingFrom,
      // Without a rate, the provider's own amount is shown, labelled with its currency (and left out of price filters).
      formatted: formatPrice(money.converted ? startingFrom : minPrice, money.currency),
      currency: money.currency,
    },
    completion: { date: done.date, year: done.year },
    image: media.cover,
    images: media.images,
    state_id: place.stateId ?? '',
    state_name: place.stateId ? emirateName(place.stateId) : place.region,
    city,
    community: place.district,
    community_id: place.districtId,
    sub_community: place.sector && place.sector !== place.district ? place.sector : '',
    category: categoryOf(record, types),
    status: 'Off-Plan',
    agent: defaults.agent,
    badge: badgeOf(record),
    address: location,
    specs: { beds: bedroomsText, bathrooms: '', area: areaText(sizes) },
    description,
    apartments: units,
    facilities: facilities(record),
    coordinates: place.coordinates,
    gallery: media.gallery,
    payment_plans: paymentPlans(record),
    completion_sort: done.sortKey,
    property_types: types,
    size_range_sqft: sizes,
    ...buyerDocuments(record),
    ...(ar ? { translations: { ar } } : {}),
  };
}
