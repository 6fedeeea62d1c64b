/**
 * What the buyer's routes say, per locale (decision 56): field names (`errors` keys) and error codes are
 * the same in every language; only the words change.
 */
import type { Locale } from '../../../lib/locale';

export interface AccountMessages {
  validationFailed: string;
  notAnObject: string;
  signInRequired: string;
  signInInvalid: string;
  notText(field: string): string;
  tooLong(field: string, max: number): string;
  unstorable(field: string): string;
  phoneFormat: string;
  locale(values: string): string;
  consentBoolean: string;
  consentVersionRequired: string;
  passwordRequired: string;
  passwordWrong: string;
  tooManyFavorites(max: number): string;
  savedSearchNotFound: string;
  nameRequired: string;
  queryRequired: string;
  frequency(values: string): string;
  catalogue(values: string): string;
  catalogueFixed: string;
  tooManySavedSearches(max: number): string;
  nothingToChange: string;
  deleted: string;
}

const ENGLISH_FIELDS: Record<string, string> = {
  name: 'name', phone: 'phone', marketing_consent_version: 'consent text version', query: 'query',
};
const ARABIC_FIELDS: Record<string, string> = {
  name: 'الاسم', phone: 'رقم الهاتف', marketing_consent_version: 'إصدار نص الموافقة', query: 'الاستعلام',
};

export const ACCOUNT_MESSAGES: Record<Locale, AccountMessages> = {
  en: {
    validationFailed: 'Validation failed',
    notAnObject: 'The request body must be a JSON object',
    signInRequired: 'Sign in to use this route: send the access token as "Authorization: Bearer <token>"',
    signInInvalid: 'The access token is not valid or has expired: sign in again',
    notText: (field) => `The ${ENGLISH_FIELDS[field] ?? field} must be text.`,
    tooLong: (field, max) => `The ${ENGLISH_FIELDS[field] ?? field} may not be greater than ${max} characters.`,
    unstorable: (field) => `The ${ENGLISH_FIELDS[field] ?? field} contains characters that are not allowed.`,
    phoneFormat: 'Please provide a valid phone number',
    locale: (values) => `The locale must be one of: ${values}.`,
    consentBoolean: 'The marketing consent must be true or false.',
    consentVersionRequired: 'Say which consent text the buyer agreed to (marketing_consent_version).',
    passwordRequired: 'Your password is required to delete the account',
    passwordWrong: 'The password is not correct',
    tooManyFavorites: (max) => `You can keep at most ${max} favourites: remove one first.`,
    savedSearchNotFound: 'No saved search with this id',
    nameRequired: 'A name is required',
    queryRequired: 'The query is required: the listing query string, e.g. state_id=DU&min_price=1000000',
    catalogue: (values) => `The catalogue must be one of: ${values}.`,
    catalogueFixed: 'The catalogue of a saved search cannot change: save a new search.',
    frequency: (values) => `The frequency must be one of: ${values}.`,
    tooManySavedSearches: (max) => `You can keep at most ${max} saved searches: delete one first.`,
    nothingToChange: 'Send at least one field to change',
    deleted: 'Your account and everything saved with it have been deleted.',
  },
  ar: {
    validationFailed: 'البيانات المرسلة غير صالحة',
    notAnObject: 'يجب أن يكون متن الطلب كائن JSON',
    signInRequired: 'سجّل الدخول لاستخدام هذا المسار: أرسل رمز الدخول في "Authorization: Bearer <token>"',
    signInInvalid: 'رمز الدخول غير صالح أو منتهي الصلاحية: سجّل الدخول من جديد',
    notText: (field) => `يجب أن يكون ${ARABIC_FIELDS[field] ?? field} نصًا.`,
    tooLong: (field, max) => `يجب ألا يزيد ${ARABIC_FIELDS[field] ?? field} على ${max} حرفًا.`,
    unstorable: (field) => `يحتوي ${ARABIC_FIELDS[field] ?? field} على أحرف غير مسموح بها.`,
    phoneFormat: 'يرجى إدخال رقم هاتف صحيح',
    locale: (values) => `يجب أن تكون اللغة إحدى القيم: ${values}.`,
    consentBoolean: 'يجب أن تكون الموافقة التسويقية true أو false.',
    consentVersionRequired: 'حدّد نص الموافقة الذي وافق عليه المشتري (marketing_consent_version).',
    passwordRequired: 'كلمة المرور مطلوبة لحذف الحساب',
    passwordWrong: 'كلمة المرور غير صحيحة',
    tooManyFavorites: (max) => `يمكنك الاحتفاظ بـ ${max} مشروعًا مفضلًا على الأكثر: احذف واحدًا أولًا.`,
    savedSearchNotFound: 'لا يوجد بحث محفوظ بهذا المعرّف',
    nameRequired: 'الاسم مطلوب',
    queryRequired: 'الاستعلام مطلوب: نص استعلام القائمة، مثل state_id=DU&min_price=1000000',
    catalogue: (values) => `يجب أن يكون الكتالوج إحدى القيم: ${values}.`,
    catalogueFixed: 'لا يمكن تغيير كتالوج البحث المحفوظ: احفظ بحثًا جديدًا.',
    frequency: (values) => `يجب أن يكون التكرار إحدى القيم: ${values}.`,
    tooManySavedSearches: (max) => `يمكنك الاحتفاظ بـ ${max} عملية بحث محفوظة على الأكثر: احذف واحدة أولًا.`,
    nothingToChange: 'أرسل حقلًا واحدًا على الأقل لتغييره',
    deleted: 'تم حذف حسابك وكل ما حُفظ معه.',
  },
};
