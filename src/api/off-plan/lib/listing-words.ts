/**
 * What the off-plan endpoints write themselves, per locale (decision 56): messages, labels of the
 * filters and sorts, and the words of a card the provider does not write (emirate names, status, badge
 * and category names it sends in English, bedrooms, the size unit, quarters, "Price on request"). The
 * English is the contract's, word for word. Digits stay Western (0-9) in every language, as UAE portals
 * print prices and sizes; option values (`Apartment`, `2BR`) are values a client sends back, not labels,
 * and stay as they are.
 */
import { EMIRATES, type EmirateCode } from '../../../plugins/extsource/server/src/public';
import type { Locale } from '../../../lib/locale';
import type { Sort } from './query';

export interface ListingWords {
  listingMessage: string;
  projectMessage: string;
  /** The 301 a project's former slug answers (decision 110). */
  projectMoved: string;
  resultsText(from: number, to: number, total: number): string;
  locationPlaceholder: string;
  propertyType: string;
  bedrooms: string;
  priceRange: string;
  moreFilters: string;
  sorts: Record<Sort, string>;
  priceOnRequest: string;
  emirate(code: EmirateCode): string;
  /** Words the provider's English card carries, by their English ("Off-Plan", "On Sale", "Villa"). */
  cardWords: Record<string, string>;
  bedroomsLabel(types: readonly string[]): string;
  /** "1,200 - 2,400 sq.ft" */
  area(english: string): string;
  /** "Q3 2027" */
  completion(english: string): string;
}

const emirateNames = (key: 'name' | 'name_ar') => new Map(EMIRATES.map((emirate) => [emirate.id as EmirateCode, emirate[key] as string]));
const ENGLISH_EMIRATES = emirateNames('name');
const ARABIC_EMIRATES = emirateNames('name_ar');

const byBedrooms = (type: string) => (type === 'Studio' ? 0 : Number.parseInt(type, 10));

const ENGLISH: ListingWords = {
  listingMessage: 'Off-plan projects retrieved successfully',
  projectMessage: 'Project retrieved successfully',
  projectMoved: 'The project has moved to its current slug',
  resultsText: (from, to, total) => `Showing ${from} - ${to} of ${total} properties`,
  locationPlaceholder: 'Search by project name or location',
  propertyType: 'Property Type',
  bedrooms: 'Bedrooms',
  priceRange: 'Price Range',
  moreFilters: 'More Filters',
  sorts: {
    name_asc: 'Newest First',
    name_desc: 'Name (Z-A)',
    price_asc: 'Price: Low to High',
    price_desc: 'Price: High to Low',
    completion_asc: 'Completion (Earliest)',
    completion_desc: 'Completion (Latest)',
  },
  priceOnRequest: 'Price on request',
  emirate: (code) => ENGLISH_EMIRATES.get(code) ?? '',
  cardWords: {},
  // The English card's own label (the plugin's mapping writes it); never asked for.
  bedroomsLabel: () => '',
  area: (english) => english,
  completion: (english) => english,
};

const ARABIC_QUARTERS = ['الربع الأول', 'الربع الثاني', 'الربع الثالث', 'الربع الرابع'];

const ARABIC: ListingWords = {
  listingMessage: 'تم جلب المشاريع على الخريطة بنجاح',
  projectMessage: 'تم جلب المشروع بنجاح',
  projectMoved: 'انتقل المشروع إلى عنوانه الحالي',
  resultsText: (from, to, total) => `النتائج ${from} - ${to} من أصل ${total}`,
  locationPlaceholder: 'ابحث باسم المشروع أو الموقع',
  propertyType: 'نوع العقار',
  bedrooms: 'غرف النوم',
  priceRange: 'نطاق السعر',
  moreFilters: 'فلاتر إضافية',
  sorts: {
    name_asc: 'الأحدث أولًا',
    name_desc: 'الاسم (ي - أ)',
    price_asc: 'السعر: من الأقل إلى الأعلى',
    price_desc: 'السعر: من الأعلى إلى الأقل',
    completion_asc: 'التسليم: الأقرب أولًا',
    completion_desc: 'التسليم: الأبعد أولًا',
  },
  priceOnRequest: 'السعر عند الطلب',
  emirate: (code) => ARABIC_EMIRATES.get(code) ?? '',
  cardWords: {
    'Off-Plan': 'على الخريطة',
    'On Sale': 'متاح للبيع',
    'Sold Out': 'مباع بالكامل',
    Presale: 'ما قبل الإطلاق',
    'Start of Sales': 'بدء المبيعات',
    Announced: 'أُعلن عنه',
    Apartment: 'شقة',
    Villa: 'فيلا',
    Townhouse: 'تاون هاوس',
    Penthouse: 'بنتهاوس',
    Duplex: 'دوبلكس',
    Residential: 'سكني',
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
