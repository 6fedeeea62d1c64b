/** The pages routes' messages in each language (a slug, a kind and a page number stay as the client wrote them). */
import type { Locale } from '../../../lib/locale';

export interface PageMessages {
  pageMessage: string;
  pagesMessage: string;
  moved: string;
  notFound(slug: string): string;
  validationFailed: string;
  kind(kinds: readonly string[]): string;
  page: string;
  perPage(max: number): string;
  currency(currencies: readonly string[]): string;
  home: string;
}

export const PAGE_MESSAGES: Record<Locale, PageMessages> = {
  en: {
    pageMessage: 'Page retrieved successfully',
    pagesMessage: 'Pages retrieved successfully',
    moved: 'The page has moved to a new address',
    notFound: (slug) => `No page has the address "${slug}".`,
    validationFailed: 'Validation failed',
    kind: (kinds) => `The kind must be one of: ${kinds.join(', ')}.`,
    page: 'The page must be a whole number from 1.',
    perPage: (max) => `The per page must be an integer from 1 to ${max}.`,
    currency: (currencies) => `The currency must be one of: ${currencies.join(', ')}.`,
    home: 'Home',
  },
  ar: {
    pageMessage: 'تم جلب الصفحة بنجاح',
    pagesMessage: 'تم جلب الصفحات بنجاح',
    moved: 'انتقلت الصفحة إلى عنوان جديد',
    notFound: (slug) => `لا توجد صفحة بالعنوان "${slug}".`,
    validationFailed: 'البيانات المرسلة غير صالحة',
    kind: (kinds) => `يجب أن يكون النوع إحدى القيم: ${kinds.join('، ')}.`,
    page: 'يجب أن يكون رقم الصفحة عددًا صحيحًا من 1.',
    perPage: (max) => `يجب أن يكون عدد النتائج في الصفحة عددًا صحيحًا من 1 إلى ${max}.`,
    currency: (currencies) => `يجب أن تكون العملة إحدى القيم: ${currencies.join('، ')}.`,
    home: 'الرئيسية',
  },
};
