/**
 * The project listing's own filter options (the contract's fixed lists) beside the shared ones of the
 * catalogues: provider amenity names ("Swimming Pool", "Infinity Pool") onto `amenities`, bedroom counts
 * onto `area`. The query accepts the same names, so a website may send either. Pure; the tables are in
 * docs/off-plan.md and unit-tested row by row.
 */
import { countOptions, oneNamed } from '../../../lib/catalogue/engine/options';
import { optionsNamed, queryOption, rememberedByName, type PhraseTable } from '../../catalogues/services/vocabulary';

export const AMENITIES = ['Pool', 'Gym', 'Parking', 'Security', 'Garden', 'Balcony'] as const;
export const AREAS = ['Studio', '1BR', '2BR', '3BR', '4BR+'] as const;

export type Amenity = (typeof AMENITIES)[number];
export type Area = (typeof AREAS)[number];

/** A provider amenity counts as the option when its name holds one of these words. */
const AMENITY_WORDS: PhraseTable<Amenity> = [
  ['Pool', ['pool', 'pools']],
  ['Gym', ['gym', 'gyms', 'gymnasium', 'fitness']],
  ['Parking', ['parking', 'car park', 'car parks', 'garage', 'garages']],
  ['Security', ['security', 'cctv', 'guard', 'guards', 'guarded', 'gated']],
  ['Garden', ['garden', 'gardens', 'landscaped', 'landscaping']],
  ['Balcony', ['balcony', 'balconies']],
];
/** Names that hold an option's word without being the amenity. */
const NOT_AMENITIES = ['pool table', 'pool tables', 'car pool'];

/** The amenities a provider's amenity name stands for ("Infinity Pool": Pool). */
export const amenitiesNamed = rememberedByName((name) => optionsNamed(AMENITY_WORDS, name, NOT_AMENITIES));

/** Bedrooms as sizes: a studio, one to three bedrooms, four or more. */
const AREA_COUNTS = countOptions(AREAS, { zero: 'Studio', unit: 'br' });

/** Bedrooms as an area option: "Studio", "1BR".."3BR", or "4BR+" for four or more; undefined when unknown. */
export const areaOption = (bedrooms: string): Area | undefined => AREA_COUNTS.ofText(bedrooms);

/** Values of the project query, case-insensitive, with their aliases: the shared ones and the listing's own. */
export const projectQueryOption = {
  ...queryOption,
  amenities: oneNamed(amenitiesNamed),
  /** "Studio" (or "0"), "1BR".."3BR" (or "1".."3"), "4BR+" or any count of four or more. */
  area: AREA_COUNTS.read,
};
