/**
 * What the off-plan endpoints write themselves, per locale (decision 56): the catalogues' shared words
 * (emirate names, card words, "Price on request"), and the project listing's own: messages, labels of the
 * filters and sorts, and the words of a card the provider does not write (bedrooms, the size unit,
 * quarters). The English is the contract's, word for word. Digits stay Western (0-9) in every language, as
 * UAE portals print prices and sizes; option values (`Apartment`, `2BR`) are values a client sends back,
 * not labels, and stay as they are.
 */
import type { Locale } from '../../../lib/locale';
import { CATALOGUE_WORDS, type CatalogueWords } from '../../catalogues/services/vocabulary';
import type { Sort } from './query';

export interface ListingWords extends CatalogueWords {
  listingMessage: string;
  mapMessage: string;
  projectMessage: string;
  /** The 301 a project's former slug answers (decision 110). */
  projectMoved: string;
  developerMessage: string;
  resultsText(from: number, to: number, total: number): string;
  locationPlaceholder: string;
  propertyType: string;
  bedrooms: string;
  priceRange: string;
  moreFilters: string;
  sorts: Record<Sort, string>;
  bedroomsLabel(types: readonly string[]): string;
  /** "1,200 - 2,400 sq.ft" */
  area(english: string): string;
  /** "Q3 2027" */
  completion(english: string): string;
}

const byBedrooms = (type: string) => (type === 'Studio' ? 0 : Number.parseInt(type, 10));

const ENGLISH: ListingWords = {
  ...CATALOGUE_WORDS.en,
  listingMessage: 'Off-plan projects retrieved successfully',
  mapMessage: 'Off-plan projects map retrieved successfully',
  projectMessage: 'Project retrieved successfully',
  projectMoved: 'The project has moved to its current slug',
  developerMessage: 'Developer retrieved successfully',
  resultsText: (from, to, total) => `Showing ${from} - ${to} of ${total} properties`,
  locationPlaceholder: 'Search by project name or location',
  propertyType: 'Property Type',
  bedrooms: 'Bedrooms',
  priceRange: 'Price Range',
  moreFilters: 'More Filters',
  sorts: {
    name_asc: 'Newest First',
    name_desc: 'Name (Z-A)',
    ...CATALOGUE_WORDS.en.priceSorts,
    completion_asc: 'Completion (Earliest)',
    completion_desc: 'Completion (Latest)',
  },
  // The English card's own label (the plugin's mapping writes it); never asked for.
  bedroomsLabel: () => '',
  area: (english) => english,
  completion: (english) => english,
};

const ARABIC_QUARTERS = ['الربع الأول', 'الربع الثاني', 'الربع الثالث', 'الربع الرابع'];

const ARABIC: ListingWords = {
  ...CATALOGUE_WORDS.ar,
  listingMessage: 'تم جلب المشاريع على الخريطة بنجاح',
  mapMessage: 'تم جلب خريطة المشاريع بنجاح',
  projectMessage: 'تم جلب المشروع بنجاح',
  projectMoved: 'انتقل المشروع إلى عنوانه الحالي',
  developerMessage: 'تم جلب المطوّر بنجاح',
  resultsText: (from, to, total) => `النتائج ${from} - ${to} من أصل ${total}`,
  locationPlaceholder: 'ابحث باسم المشروع أو الموقع',
  propertyType: 'نوع العقار',
  bedrooms: 'غرف النوم',
  priceRange: 'نطاق السعر',
  moreFilters: 'فلاتر إضافية',
  sorts: {
    name_asc: 'الأحدث أولًا',
    name_desc: 'الاسم (ي - أ)',
    ...CATALOGUE_WORDS.ar.priceSorts,
    completion_asc: 'التسليم: الأقرب أولًا',
    completion_desc: 'التسليم: الأبعد أولًا',
  },
  bedroomsLabel(types) {
    if (types.length === 0) return '';
    const sorted = [...types].sort((a, b) => byBedrooms(a) - byBedrooms(b));
    const name = (type: string) => (type === 'Studio' ? 'استوديو' : type);
    const first = sorted[0];
    const last = sorted[sorted.length - 1];
    if (first === last) return first === 'Studio' ? 'استوديو' : first === '1' ? 'غرفة نوم واحدة' : `${first} غرف نوم`;
    return `${name(first)} - ${name(last)} غرف نوم`;
  },
  area: (english) => english.replace(/ sq\.ft$/, ' قدم مربع'),
  completion: (english) => english.replace(/^Q([1-4]) (\d{4})$/, (_match, quarter: string, year: string) => `${ARABIC_QUARTERS[Number(quarter) - 1]} ${year}`),
};

export const LISTING_WORDS: Record<Locale, ListingWords> = { en: ENGLISH, ar: ARABIC };

/** A price label in `locale`: the amount as the contract formats it (`AED 1.2M`), or "Price on request" in that language. */
export function priceLabel(formatted: string, startingFrom: number | null, locale: Locale): string {
  return startingFrom === null && formatted === ENGLISH.priceOnRequest ? LISTING_WORDS[locale].priceOnRequest : formatted;
}
