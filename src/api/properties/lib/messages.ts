/**
 * The listings' messages per locale: the catalogues' shared wording wherever the rule is the same (page,
 * sort, emirate, price and area ranges, location, the shared option lists), and the listings' own.
 */
import type { Locale } from '../../../lib/locale';
import { QUERY_MESSAGES, type QueryMessages } from '../../catalogues/services/vocabulary';

export type OwnList = 'bathrooms' | 'furnishing' | 'completion_status';

export interface ListingMessages extends QueryMessages {
  purpose(values: string): string;
  ownList(name: OwnList, options: string): string;
  listingNotFound(key: string): string;
  /** The 404 of a buyer's favourite naming no listing on the public routes. */
  favouriteNotFound(reference: string): string;
  listingMessage: string;
  filtersMessage: string;
  listingAnswerMessage: string;
  mapMessage: string;
  /** The 301 a listing's former slug answers. */
  listingMoved: string;
  /** The 410 of a listing that left the market. */
  listingGone(slug: string): string;
}

const ENGLISH_NAMES: Record<OwnList, string> = { bathrooms: 'bathrooms', furnishing: 'furnishing', completion_status: 'completion status' };
const ARABIC_NAMES: Record<OwnList, string> = { bathrooms: 'عدد الحمامات', furnishing: 'التأثيث', completion_status: 'حالة الإنجاز' };

export const LISTING_MESSAGES: Record<Locale, ListingMessages> = {
  en: {
    ...QUERY_MESSAGES.en,
    purpose: (values) => `The purpose is required and must be one of: ${values}.`,
    ownList: (name, options) => `The ${ENGLISH_NAMES[name]} must be one or more of ${options} (repeated or comma-separated).`,
    listingNotFound: (key) => `No listing with slug or reference "${key}"`,
    favouriteNotFound: (reference) => `No listing for sale or rent with reference "${reference}"`,
    listingMessage: 'Listings retrieved successfully',
    filtersMessage: 'Listing filters retrieved successfully',
    listingAnswerMessage: 'Listing retrieved successfully',
    mapMessage: 'Listings map retrieved successfully',
    listingMoved: 'The listing has moved to its current slug',
    listingGone: (slug) => `The listing "${slug}" is no longer on the market`,
  },
  ar: {
    ...QUERY_MESSAGES.ar,
    purpose: (values) => `الغرض مطلوب ويجب أن يكون إحدى القيم: ${values}.`,
    ownList: (name, options) => `يجب أن يكون ${ARABIC_NAMES[name]} قيمة أو أكثر من: ${options} (مكررة أو مفصولة بفواصل).`,
    listingNotFound: (key) => `لا يوجد عقار بالاسم المختصر أو الرقم المرجعي "${key}"`,
    favouriteNotFound: (reference) => `لا يوجد عقار للبيع أو الإيجار بالرقم المرجعي "${reference}"`,
    listingMessage: 'تم جلب العقارات بنجاح',
    filtersMessage: 'تم جلب خيارات التصفية بنجاح',
    listingAnswerMessage: 'تم جلب العقار بنجاح',
    mapMessage: 'تم جلب خريطة العقارات بنجاح',
    listingMoved: 'انتقل العقار إلى عنوانه الحالي',
    listingGone: (slug) => `العقار "${slug}" لم يعد معروضًا في السوق`,
  },
};
