/**
 * The words every catalogue writes itself, per locale (decision 56): the emirate names, the words of a
 * card the provider sends in English only (status, badge, category and property type names), "Price on
 * request" and the price sorts' labels. The English is the contract's, word for word; option values
 * (`Apartment`) are values a client sends back, not labels, and stay as they are.
 */
import { EMIRATES, type EmirateCode } from '../../../plugins/extsource/server/src/public';
import type { Locale } from '../../../lib/locale';

export interface CatalogueWords {
  priceOnRequest: string;
  emirate(code: EmirateCode): string;
  /** Words the provider's English card carries, by their English ("Off-Plan", "On Sale", "Villa"). */
  cardWords: Record<string, string>;
  priceSorts: { price_asc: string; price_desc: string };
}

const emirateNames = (key: 'name' | 'name_ar') => new Map(EMIRATES.map((emirate) => [emirate.id as EmirateCode, emirate[key] as string]));
const ENGLISH_EMIRATES = emirateNames('name');
const ARABIC_EMIRATES = emirateNames('name_ar');

export const CATALOGUE_WORDS: Record<Locale, CatalogueWords> = {
  en: {
    priceOnRequest: 'Price on request',
    emirate: (code) => ENGLISH_EMIRATES.get(code) ?? '',
    cardWords: {},
    priceSorts: { price_asc: 'Price: Low to High', price_desc: 'Price: High to Low' },
  },
  ar: {
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
    priceSorts: { price_asc: 'السعر: من الأقل إلى الأعلى', price_desc: 'السعر: من الأعلى إلى الأقل' },
  },
};
