/**
 * What the contact form says, per locale (decision 56): the contract's English word for word, and its
 * Arabic. Field names (`errors` keys) and error codes are the same in every language; only the words
 * change.
 */
import type { Locale } from '../../../lib/locale';

/** The form's fields, in the order their errors are reported. */
export const CONTACT_FIELDS = ['first_name', 'last_name', 'email', 'mobile', 'method_of_contact', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export interface ContactMessages {
  firstNameRequired: string;
  emailRequired: string;
  emailFormat: string;
  mobileRequired: string;
  mobileFormat: string;
  /** How a message names each field. */
  labels: Record<ContactField, string>;
  tooLong(label: string, max: number): string;
  notText(label: string): string;
  unstorable(label: string): string;
  /** The consent fields (decision 63). */
  consentRequired: string;
  consentBoolean: string;
  consentVersionLength(max: number): string;
  consentVersionText: string;
  /** The enquiry's fields (decision 141). */
  projectUnknown: string;
  projectNeeded(type: string): string;
  listingUnknown: string;
  listingNeeded(type: string): string;
  /** A brochure or viewing enquiry is about a project or a listing. */
  subjectNeeded(type: string): string;
  projectAndListing: string;
  enquiryType(types: readonly string[]): string;
  sourceObject: string;
  sourceText(key: string): string;
  sourceUrl(key: string, max: number): string;
  /** A link with whitespace or a control character anywhere (issue 66). */
  sourceUrlCharacters(key: string): string;
  /** A link carrying a user name or a password (issue 66). */
  sourceUrlCredentials(key: string): string;
  sourceTooLong(key: string, max: number): string;
  /** The 422's `message`. */
  validationFailed: string;
  notAForm: string;
  /** The 201's `message`. */
  confirmation: string;
}

export const CONTACT_MESSAGES: Record<Locale, ContactMessages> = {
  en: {
    firstNameRequired: 'Name is required',
    emailRequired: 'Email address is required',
    emailFormat: 'Please provide a valid email address',
    mobileRequired: 'Phone number is required',
    mobileFormat: 'Please provide a valid phone number',
    labels: { first_name: 'first name', last_name: 'last name', email: 'email', mobile: 'mobile', method_of_contact: 'method of contact', message: 'message' },
    tooLong: (label, max) => `The ${label} may not be greater than ${max} characters.`,
    notText: (label) => `The ${label} must be text.`,
    unstorable: (label) => `The ${label} contains characters that are not allowed.`,
    consentRequired: 'Consent to the processing of your data is required',
    consentBoolean: 'The consent must be true or false.',
    consentVersionLength: (max) => `The consent text version may not be greater than ${max} characters.`,
    consentVersionText: 'The consent text version must be text.',
    projectUnknown: 'No off-plan project with this id',
    projectNeeded: (type) => `A ${type} enquiry needs a project_id.`,
    listingUnknown: 'No listing for sale or rent with this id',
    listingNeeded: (type) => `A ${type} enquiry needs a listing_id.`,
    subjectNeeded: (type) => `A ${type} enquiry needs a project_id or a listing_id.`,
    projectAndListing: 'An enquiry is about a project or a listing, not both.',
    enquiryType: (types) => `The enquiry type must be one of: ${types.join(', ')}.`,
    sourceObject: 'The source must be an object.',
    sourceText: (key) => `The ${key} must be text.`,
    sourceUrl: (key, max) => `The ${key} must be an http(s) URL of at most ${max} characters.`,
    sourceUrlCharacters: (key) => `The ${key} may not contain spaces or control characters.`,
    sourceUrlCredentials: (key) => `The ${key} may not contain a user name or password.`,
    sourceTooLong: (key, max) => `The ${key} may not be greater than ${max} characters.`,
    validationFailed: 'Validation failed',
    notAForm: 'The request body must be a JSON object or a form',
    confirmation: 'Your message has been received. We will get back to you soon.',
  },
  ar: {
    firstNameRequired: 'الاسم مطلوب',
    emailRequired: 'البريد الإلكتروني مطلوب',
    emailFormat: 'يرجى إدخال عنوان بريد إلكتروني صحيح',
    mobileRequired: 'رقم الهاتف مطلوب',
    mobileFormat: 'يرجى إدخال رقم هاتف صحيح',
    labels: { first_name: 'الاسم الأول', last_name: 'اسم العائلة', email: 'البريد الإلكتروني', mobile: 'رقم الجوال', method_of_contact: 'طريقة التواصل', message: 'نص الرسالة' },
    tooLong: (label, max) => `يجب ألا يزيد ${label} على ${max} حرفًا.`,
    notText: (label) => `يجب أن يكون ${label} نصًا.`,
    unstorable: (label) => `يحتوي ${label} على أحرف غير مسموح بها.`,
    consentRequired: 'الموافقة على معالجة بياناتك مطلوبة',
    consentBoolean: 'يجب أن تكون الموافقة true أو false.',
    consentVersionLength: (max) => `يجب ألا يزيد إصدار نص الموافقة على ${max} حرفًا.`,
    consentVersionText: 'يجب أن يكون إصدار نص الموافقة نصًا.',
    projectUnknown: 'لا يوجد مشروع على الخارطة بهذا المعرّف',
    projectNeeded: (type) => `يتطلب الاستفسار من نوع ${type} قيمة project_id.`,
    listingUnknown: 'لا يوجد عقار للبيع أو الإيجار بهذا المعرّف',
    listingNeeded: (type) => `يتطلب الاستفسار من نوع ${type} قيمة listing_id.`,
    subjectNeeded: (type) => `يتطلب الاستفسار من نوع ${type} قيمة project_id أو listing_id.`,
    projectAndListing: 'يكون الاستفسار عن مشروع أو عن عقار، لا عن كليهما.',
    enquiryType: (types) => `يجب أن يكون نوع الاستفسار واحدًا من: ${types.join('، ')}.`,
    sourceObject: 'يجب أن يكون المصدر كائنًا.',
    sourceText: (key) => `يجب أن يكون ${key} نصًا.`,
    sourceUrl: (key, max) => `يجب أن يكون ${key} عنوان http(s) لا يزيد على ${max} حرفًا.`,
    sourceUrlCharacters: (key) => `يجب ألا يحتوي ${key} على مسافات أو أحرف تحكم.`,
    sourceUrlCredentials: (key) => `يجب ألا يحتوي ${key} على اسم مستخدم أو كلمة مرور.`,
    sourceTooLong: (key, max) => `يجب ألا يزيد ${key} على ${max} حرفًا.`,
    validationFailed: 'البيانات المرسلة غير صالحة',
    notAForm: 'يجب أن يكون متن الطلب كائن JSON أو نموذجًا',
    confirmation: 'تم استلام رسالتك، وسنتواصل معك قريبًا.',
  },
};
