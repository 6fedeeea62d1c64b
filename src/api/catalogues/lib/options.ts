/**
 * The filter options every catalogue shares (the contract's fixed lists) and how a feed's data maps onto
 * them: a provider's names of property types ("Apartments", "Penthouse") onto `property_type`, bedroom
 * counts onto `bedrooms`; the currencies a visitor may choose; the words searches compare. The query
 * accepts the same names, so a website may send either. A catalogue's own lists read names the same way
 * (`optionsNamed`, `rememberedByName`). Pure; the tables are in docs/off-plan.md and unit-tested row by row.
 */
import LRUCache from 'lru-cache';
import { countOptions, oneNamed } from '../../../lib/catalogue/engine/options';
import { westernDigits } from '../../../lib/locale';

export const PROPERTY_TYPES = ['Apartment', 'Villa', 'Townhouse', 'Penthouse'] as const;
export const BEDROOMS = ['Studio', '1', '2', '3', '4', '5+'] as const;
/** The currencies a visitor may choose; AED is the site's own. */
export const CURRENCIES = ['AED', 'GBP', 'USD'] as const;

export type PropertyType = (typeof PROPERTY_TYPES)[number];
export type Bedrooms = (typeof BEDROOMS)[number];
export type Currency = (typeof CURRENCIES)[number];

export const SITE_CURRENCY: Currency = 'AED';

/** Arabic letters written several ways, and the one way searches compare them in. */
const ARABIC_FORMS: Array<[RegExp, string]> = [
  [/[\u0622\u0623\u0625\u0671]/g, '\u0627'], // alef with madda, hamza above or below, wasla: alef
  [/\u0629/g, '\u0647'], // taa marbuta: haa
  [/\u0649/g, '\u064A'], // alef maqsura: yaa
  [/\u0624/g, '\u0648'], // waw with hamza: waw
  [/\u0626/g, '\u064A'], // yaa with hamza: yaa
  [/[\u0640\u064B-\u065F\u0670\u06D6-\u06ED]/g, ''], // tatweel, harakat and Quranic marks: dropped
];

/**
 * Text as searches compare it (decision 57): lower case, Arabic in one form per letter (`ARABIC_FORMS`),
 * Arabic-Indic digits as 0-9. Latin text only changes case, so English searches match as they did.
 */
export function foldForSearch(text: string): string {
  return ARABIC_FORMS.reduce((folded, [form, letter]) => folded.replace(form, letter), westernDigits(text)).toLowerCase();
}

/**
 * Text as search words: folded as `foldForSearch` does, accents dropped ("Sóbha" -> "sobha"), split on
 * anything that is not a letter or digit ("Al-Reem" -> "al", "reem"; "24/7 Security" -> "24", "7", "security").
 */
export function searchWords(text: string): string[] {
  return foldForSearch(text)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

export type PhraseTable<T extends string> = ReadonlyArray<readonly [option: T, phrases: readonly string[]]>;

/** Which options' phrases (whole words, in order) occur in the name. */
export function optionsNamed<T extends string>(table: PhraseTable<T>, name: string, ignored: readonly string[] = []): T[] {
  let words = ` ${searchWords(name).join(' ')} `;
  for (const phrase of ignored) words = words.split(` ${phrase} `).join(' ');
  return table.filter(([, phrases]) => phrases.some((phrase) => words.includes(` ${phrase} `))).map(([option]) => option);
}

/** A provider's property type names the option when it holds one of these words. */
const PROPERTY_TYPE_WORDS: PhraseTable<PropertyType> = [
  ['Apartment', ['apartment', 'apartments', 'flat', 'flats', 'duplex', 'duplexes', 'loft', 'lofts']],
  ['Villa', ['villa', 'villas']],
  ['Townhouse', ['townhouse', 'townhouses', 'townhome', 'townhomes', 'town house', 'town houses']],
  ['Penthouse', ['penthouse', 'penthouses']],
];

/**
 * `read` of a name, remembered for the last names read (decision 180): a feed repeats a few hundred
 * names (property types, amenities) across its thousands of items, and each index build read every one
 * of them (a third of its time). The answers are frozen, since every caller shares them.
 */
export function rememberedByName<T>(read: (name: string) => T[]): (name: string) => readonly T[] {
  const known = new LRUCache<string, readonly T[]>({ max: 2000 });
  return (name) => {
    let options = known.get(name);
    if (!options) {
      options = Object.freeze(read(name));
      known.set(name, options);
    }
    return options;
  };
}

/** The property types a provider's name stands for ("Villas & Townhouses": Villa and Townhouse). */
export const propertyTypesNamed = rememberedByName((name) => optionsNamed(PROPERTY_TYPE_WORDS, name));

/** Bedrooms as options: a studio, one to four, five or more. */
const BEDROOM_COUNTS = countOptions(BEDROOMS, { zero: 'Studio' });

/** Bedrooms as a bedrooms option: "Studio", "1".."4", or "5+" for five or more; undefined when unknown. */
export const bedroomsOption = (bedrooms: string): Bedrooms | undefined => BEDROOM_COUNTS.ofText(bedrooms);

/** Values of the query, case-insensitive, with their aliases: the shared lists' and the currency. */
export const queryOption = {
  property_type: oneNamed(propertyTypesNamed),
  /** "Studio" (or "0"), "1".."4", "5+" or any count of five or more ("+" arrives as a space in a URL). */
  bedrooms: BEDROOM_COUNTS.read,
  currency(value: string): Currency | undefined {
    const code = value.trim().toUpperCase();
    return (CURRENCIES as readonly string[]).includes(code) ? (code as Currency) : undefined;
  },
};
