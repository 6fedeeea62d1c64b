/**
 * The words the portals' XML feeds share (Property Finder's codes, which Bayut exporters expand to names),
 * read into what the Goyzer listings already say (issue 69): a property type as the cards name it, an
 * amenity as Goyzer's `FittingFixtures` names it, a furnishing, a rent's period. Sources and the
 * differences between exporters are in docs/extsource.md.
 */
import type { RentPeriod } from './types';
import { number, text } from './values';

/** Property Finder's `property_type` codes, as the cards name the type. */
export const PROPERTY_TYPES: Readonly<Record<string, string>> = {
  AP: 'Apartment', BC: 'Business Centre', BU: 'Bulk Units', BW: 'Bungalow', CD: 'Compound', CW: 'Co-working Space',
  DX: 'Duplex', FA: 'Factory', FF: 'Full Floor', FM: 'Farm', HA: 'Hotel Apartment', HF: 'Half Floor', LC: 'Labour Camp',
  LP: 'Land', OF: 'Office', PH: 'Penthouse', RE: 'Retail', RT: 'Restaurant', SA: 'Staff Accommodation', SH: 'Shop',
  SR: 'Showroom', ST: 'Storage', TH: 'Townhouse', VH: 'Villa', WB: 'Whole Building', WH: 'Warehouse',
};

/** A property type named by exporters in words (Bayut's `Property_Type`, some PF feeds) as the cards name it. */
const TYPE_NAMES: Readonly<Record<string, string>> = {
  'apartment flat': 'Apartment', flat: 'Apartment', 'villa house': 'Villa', house: 'Villa', 'duplex villa': 'Villa',
  'land plot': 'Land', plot: 'Land', 'residential plot': 'Land', 'commercial land': 'Land', 'office space': 'Office',
  'short term hotel apartment': 'Hotel Apartment', 'labor camp': 'Labour Camp', 'show room': 'Showroom',
  'commercial floor': 'Full Floor', 'commercial building': 'Whole Building',
};

const wordsKey = (value: string) => value.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
const NAMED_TYPES = new Map<string, string>([
  ...Object.values(PROPERTY_TYPES).map((name) => [wordsKey(name), name] as const),
  ...Object.entries(TYPE_NAMES),
]);

/** A property type written as a code (`AP`) or in words (`Apartment Flat`), as the cards name it; the words as written when unknown. */
export function propertyType(value: unknown): string {
  const written = text(value);
  return PROPERTY_TYPES[written.toUpperCase()] ?? NAMED_TYPES.get(wordsKey(written)) ?? written;
}

/**
 * Amenity codes, as the Goyzer listings name the same amenities (`Central A/C`, `Maid's Room`), else
 * Property Finder's wording. The current private and commercial lists, and the legacy list older
 * exports still send: where a code means two things, the current list's meaning, except on the
 * commercial list's own codes.
 */
const AMENITIES: Readonly<Record<string, string>> = {
  AC: 'Central A/C', BA: 'Balcony', BK: 'Kitchen Appliances', BL: 'View of Landmark', BW: 'Built-in Wardrobes',
  CP: 'Covered Parking', CS: 'Concierge Service', LB: 'Lobby in Building', MR: "Maid's Room", MS: 'Maid Service',
  PA: 'Pets Allowed', PG: 'Private Garden', PJ: 'Private Jacuzzi', PP: 'Private Pool', PY: 'Private Gym',
  VC: 'Vastu-compliant', SE: 'Security', SP: 'Shared Pool', SS: 'Shared Spa', ST: 'Study', SY: 'Shared Gym',
  VW: 'View of Water', WC: 'Walk-in Closet', CO: "Children's Pool", PR: "Children's Play Area", BR: 'Barbecue Area',
  // The legacy list's own codes.
  BP: 'Basement Parking', BB: 'Barbecue Area', CA: 'Carpets', DR: "Driver's Room", FF: 'Fully Fitted Kitchen',
  GZ: 'Gazebo', MB: 'Marble Floors', HF: 'High Floor', LF: 'Low Floor', MF: 'Mid Floor', GA: 'Private Garage',
  SA: 'Sauna', WF: 'Wood Flooring', SR: 'Steam Room', UI: 'Upgraded Interior', GR: 'Garden View', MT: 'Maintenance',
  IC: 'Within a Compound', IS: 'Indoor Swimming Pool', SF: 'Separate Entrance for Females', BT: 'Basement',
  SG: 'Storage Room', CV: 'Community View', GV: 'Golf View', CW: 'City View', TR: 'Terrace', BC: 'Beach Access',
  BH: 'Beach Access', PK: 'Public Parks', HT: 'Heating', GF: 'Ground Floor', SV: 'Server Room', RA: 'Reception Area',
  VP: 'Visitor Parking', OP: 'Office Partitions', SH: 'Core and Shell', CD: "Children's Daycare", CL: 'Cleaning Services',
  CR: 'Conference Room',
};

/** The commercial list's codes where they differ from the private one's. */
const COMMERCIAL_AMENITIES: Readonly<Record<string, string>> = {
  AN: 'Networked', DN: 'Dining in Building', PN: 'Pantry', MZ: 'Mezzanine', CR: 'Conference Room',
};

/**
 * The names exporters expand codes to (Bayut's `Features`, the legacy list's wording: `Maids Room`,
 * `Central air conditioning`), by their words, as `AMENITIES` names the amenity.
 */
const WRITTEN_AMENITIES = new Map<string, string>([
  ...Object.values(AMENITIES).map((name) => [wordsKey(name), name] as const),
  ...Object.entries({
    'central air conditioning': 'Central A/C', 'central a c heating': 'Central A/C', 'maids room': "Maid's Room",
    'built in wardrobes': 'Built-in Wardrobes', 'built in kitchen appliances': 'Kitchen Appliances', 'walk in closet': 'Walk-in Closet',
    'swimming pool': 'Private Pool', 'shared swimming pool': 'Shared Pool', jacuzzi: 'Private Jacuzzi', garden: 'Private Garden',
    'sea water view': 'View of Water', 'bbq area': 'Barbecue Area', spa: 'Shared Spa', 'drivers room': "Driver's Room",
  }),
]);

/** Amenities written as names (Bayut's `<Feature>`), each as the listings name it where known, else as written; each once. */
export function writtenAmenities(names: readonly string[]): string[] {
  return [...new Set(names.map((name) => text(name)).filter(Boolean).map((name) => WRITTEN_AMENITIES.get(wordsKey(name)) ?? name))];
}

/**
 * Amenity codes as exporters write them (`BA, CP`, `AC,BA,`, `AC- Central A/C`, one per element), as
 * names, each once, in the order given. An unknown code is left out: a code is no name to show.
 */
export function amenityNames(lists: ReadonlyArray<{ codes: readonly string[]; commercial: boolean }>): string[] {
  const names = lists.flatMap(({ codes, commercial }) =>
    codes
      .flatMap((written) => written.split(','))
      .map((item) => /^\s*([A-Za-z]{2})\b/.exec(item)?.[1].toUpperCase())
      .map((code) => code && ((commercial ? COMMERCIAL_AMENITIES[code] : undefined) ?? AMENITIES[code]))
      .filter((name): name is string => !!name)
  );
  return [...new Set(names)];
}

/** Furnishing as the listings say it (`furnished`, `semi-furnished`, `unfurnished`) from a portal's Yes / Partly / No. */
export function portalFurnishing(value: unknown): string {
  const key = text(value).toLowerCase().replace(/[\s_-]+/g, '');
  if (key === 'yes' || key === 'furnished' || key === 'fullyfurnished' || key === '1' || key === 'true') return 'furnished';
  if (key === 'partly' || key === 'partlyfurnished' || key === 'semifurnished' || key === 'semi') return 'semi-furnished';
  if (key === 'no' || key === 'unfurnished' || key === '0' || key === 'false') return 'unfurnished';
  return '';
}


const PERIODS_A_YEAR: Record<RentPeriod, number> = { year: 1, month: 12, week: 52, day: 365 };

/** A period written `Yearly`, `monthly`, `Y`, `M`, `W`, `D`, `YR`, `MN`...; undefined when it names none. */
export function rentPeriod(value: unknown): RentPeriod | undefined {
  const key = text(value).toLowerCase();
  if (/^(y|yr|year|yearly|annual|annually|pa)$/.test(key)) return 'year';
  if (/^(m|mn|month|monthly|pcm)$/.test(key)) return 'month';
  if (/^(w|wk|week|weekly|pw)$/.test(key)) return 'week';
  if (/^(d|dl|day|daily|pd)$/.test(key)) return 'day';
  return undefined;
}

/** A rent of `amount` a `period`, a year's worth (the cards state rents yearly). */
export const yearlyRent = (amount: number, period: RentPeriod) => Math.round(amount * PERIODS_A_YEAR[period] * 100) / 100;

/** An amount as exporters write it (`2,500,000`, `2500000.00`, `2500000 AED`), or null: digits and the decimal point only. */
export function amount(value: unknown): number | null {
  const digits = text(value).replace(/[^0-9.]/g, '');
  if (digits === '' || digits === '.') return null;
  const parsed = Number(digits);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : null;
}

/** A count written `3`, `7+` or `10+`. */
export const count = (value: string) => number(value.replace(/\+$/, ''));

/** Yes / No as portals write it. */
export const portalYes = (value: unknown) => /^(yes|true|1|y)$/i.test(text(value));
