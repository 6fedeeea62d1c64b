/**
 * The 422 messages per locale of the query rules every catalogue shares (decision 56): the `errors` keys
 * (parameter names) and the error code are the same in every language; only the words change. A
 * catalogue adds the messages of its own parameters to these.
 */
import type { Locale } from '../../../lib/locale';

type Range = 'min_price' | 'max_price' | 'min_area' | 'max_area';
/** The option lists every catalogue shares. */
export type SharedList = 'property_type' | 'bedrooms';

export interface QueryMessages {
  validationFailed: string;
  page: string;
  perPage(max: number): string;
  sort(values: string): string;
  stateId: string;
  price(name: 'min_price' | 'max_price'): string;
  priceOrder: string;
  list(name: SharedList, options: string): string;
  area(name: 'min_area' | 'max_area'): string;
  areaOrder: string;
  location(max: number): string;
  currency(values: string): string;
  bbox: string;
  bboxRequired: string;
  bboxSpan(zoom: number, degrees: number): string;
  zoom(min: number, max: number): string;
  near: string;
  distanceSort: string;
}

const ENGLISH_NAMES: Record<Range | SharedList, string> = {
  min_price: 'min price', max_price: 'max price', min_area: 'min area', max_area: 'max area',
  property_type: 'property type', bedrooms: 'bedrooms',
};

const ARABIC_NAMES: Record<Range | SharedList, string> = {
  min_price: 'الحد الأدنى للسعر', max_price: 'الحد الأقصى للسعر', min_area: 'الحد الأدنى للمساحة', max_area: 'الحد الأقصى للمساحة',
  property_type: 'نوع العقار', bedrooms: 'عدد غرف النوم',
};

export const QUERY_MESSAGES: Record<Locale, QueryMessages> = {
  en: {
    validationFailed: 'Validation failed',
    page: 'The page must be an integer of at least 1.',
    perPage: (max) => `The per page must be an integer from 1 to ${max}.`,
    sort: (values) => `The sort must be one of: ${values}.`,
    stateId: 'The state id must be an emirate code: AZ, AJ, DU, FU, RK, SH or UQ.',
    price: (name) => `The ${ENGLISH_NAMES[name]} must be a number of at least 0.`,
    priceOrder: 'The max price must be greater than or equal to the min price.',
    list: (name, options) => `The ${ENGLISH_NAMES[name]} must be one or more of ${options} (repeated or comma-separated).`,
    area: (name) => `The ${ENGLISH_NAMES[name]} must be a number of square feet of at least 0.`,
    areaOrder: 'The max area must be greater than or equal to the min area.',
    location: (max) => `The location must be text of at most ${max} characters, with letters or digits.`,
    currency: (values) => `The currency must be one of: ${values}.`,
    bbox: 'The bbox must be four numbers west,south,east,north in degrees: longitudes from -180 to 180, latitudes from -90 to 90, south at most north and west at most east.',
    bboxRequired: 'The bbox is required: west,south,east,north in degrees.',
    bboxSpan: (zoom, degrees) => `The bbox is too large for zoom ${zoom}: at most ${degrees} degrees wide and tall.`,
    zoom: (min, max) => `The zoom must be a whole number from ${min} to ${max}.`,
    near: 'The near must be two numbers lat,lng in degrees: a latitude from -90 to 90, a longitude from -180 to 180.',
    distanceSort: 'Sorting by distance needs near=lat,lng.',
  },
  ar: {
    validationFailed: 'البيانات المرسلة غير صالحة',
    page: 'يجب أن يكون رقم الصفحة عددًا صحيحًا لا يقل عن 1.',
    perPage: (max) => `يجب أن يكون عدد النتائج في الصفحة عددًا صحيحًا من 1 إلى ${max}.`,
    sort: (values) => `يجب أن يكون الترتيب إحدى القيم: ${values}.`,
    stateId: 'يجب أن يكون رمز الإمارة أحد الرموز: AZ أو AJ أو DU أو FU أو RK أو SH أو UQ.',
    price: (name) => `يجب أن يكون ${ARABIC_NAMES[name]} رقمًا لا يقل عن 0.`,
    priceOrder: 'يجب أن يكون الحد الأقصى للسعر أكبر من الحد الأدنى أو مساويًا له.',
    list: (name, options) => `يجب أن يكون ${ARABIC_NAMES[name]} قيمة أو أكثر من: ${options} (مكررة أو مفصولة بفواصل).`,
    area: (name) => `يجب أن يكون ${ARABIC_NAMES[name]} رقمًا بالقدم المربع لا يقل عن 0.`,
    areaOrder: 'يجب أن يكون الحد الأقصى للمساحة أكبر من الحد الأدنى أو مساويًا له.',
    location: (max) => `يجب أن يكون الموقع نصًا لا يزيد على ${max} حرفًا، فيه حروف أو أرقام.`,
    currency: (values) => `يجب أن تكون العملة إحدى القيم: ${values}.`,
    bbox: 'يجب أن يكون نطاق الخريطة أربعة أرقام بالدرجات: الغرب والجنوب والشرق والشمال، خطوط الطول من -180 إلى 180 ودوائر العرض من -90 إلى 90، والجنوب لا يتجاوز الشمال والغرب لا يتجاوز الشرق.',
    bboxRequired: 'نطاق الخريطة مطلوب: الغرب والجنوب والشرق والشمال بالدرجات.',
    bboxSpan: (zoom, degrees) => `نطاق الخريطة أكبر مما يناسب مستوى التكبير ${zoom}: ${degrees} درجة على الأكثر عرضًا وارتفاعًا.`,
    zoom: (min, max) => `يجب أن يكون مستوى التكبير عددًا صحيحًا من ${min} إلى ${max}.`,
    near: 'يجب أن يكون الموقع القريب رقمين بالدرجات: دائرة العرض من -90 إلى 90 ثم خط الطول من -180 إلى 180.',
    distanceSort: 'الترتيب حسب المسافة يتطلب near=lat,lng.',
  },
};
