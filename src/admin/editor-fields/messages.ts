/**
 * The words of the editors' fields in the admin's languages (registered in src/admin/app.tsx): each
 * control's label by the query parameter it sets, in the order an editor reads them, and the builder's
 * own sentences. A parameter without a label here (a catalogue defined by a descriptor) is labelled by
 * its name and comes after those with one.
 */
import type { PickKind } from '../../api/editor-fields/lib/picks';

const PARAMS = {
  state_id: ['Emirate', 'الإمارة'],
  location: ['Location', 'الموقع'],
  developer_id: ['Developer', 'المطوّر'],
  property_type: ['Property type', 'نوع العقار'],
  bedrooms: ['Bedrooms', 'غرف النوم'],
  bathrooms: ['Bathrooms', 'الحمّامات'],
  min_price: ['Price (AED)', 'السعر (درهم)'],
  min_area: ['Area (sq ft)', 'المساحة (قدم مربع)'],
  completion_year: ['Completion year', 'سنة الإنجاز'],
  completion_status: ['Completion', 'حالة الإنجاز'],
  furnishing: ['Furnishing', 'التأثيث'],
  amenities: ['Amenities', 'المرافق'],
  area: ['Unit size', 'حجم الوحدة'],
  project_name: ['Project name', 'اسم المشروع'],
  sort: ['Order', 'الترتيب'],
} as const;

const SENTENCES = {
  any: ['Any', 'الكل'],
  defaultOrder: ['The listing’s own order', 'ترتيب القائمة'],
  from: ['From', 'من'],
  to: ['To', 'إلى'],
  projects: ['{total, plural, one {# project} other {# projects}}', '{total} مشروع'],
  listings: ['{total, plural, one {# home} other {# homes}}', '{total} منزل'],
  items: ['{total, plural, one {# match} other {# matches}}', '{total} نتيجة'],
  nothing: ['Nothing matches these choices yet: the section will be empty until something does.', 'لا شيء يطابق هذه الخيارات حاليًا: سيبقى القسم فارغًا حتى يطابقها شيء.'],
  asText: ['Written by hand: the controls cannot show it. Change the text, or clear it to start again with the controls.', 'مكتوب يدويًا: لا تستطيع الخيارات عرضه. عدّل النص أو امسحه لتبدأ من جديد بالخيارات.'],
  refused: ['The listing refuses this: {reason}', 'القائمة ترفض هذا: {reason}'],
  useControls: ['Use the controls', 'استخدم الخيارات'],
  loading: ['Counting…', 'جارٍ العد…'],
  unavailable: ['The count could not be read.', 'تعذّرت قراءة العدد.'],
  placeHint: ['Type a few letters of a community or city.', 'اكتب بضعة أحرف من اسم مجتمع أو مدينة.'],
  communityHint: ['Type a few letters of the community.', 'اكتب بضعة أحرف من اسم المجتمع.'],
  developerHint: ['Type a few letters of the developer.', 'اكتب بضعة أحرف من اسم المطوّر.'],
  projectHint: ['Type a few letters of the project.', 'اكتب بضعة أحرف من اسم المشروع.'],
  listingHint: ['Type the reference or a few of its letters.', 'اكتب الرقم المرجعي أو بعض أحرفه.'],
  gone: ['{value} is no longer in the feed: it is kept here until you pick another.', '{value} لم يعد في البيانات: يبقى هنا حتى تختار غيره.'],
  goneSince: ['{value} is no longer in the feed since {date}: it is kept here until you pick another.', '{value} لم يعد في البيانات منذ {date}: يبقى هنا حتى تختار غيره.'],
} as const;

/** The hint in each kind of picker's empty box. */
export const PICK_HINTS: Record<PickKind, keyof typeof SENTENCES> = {
  place: 'placeHint',
  community: 'communityHint',
  developer: 'developerHint',
  developer_name: 'developerHint',
  project: 'projectHint',
  listing: 'listingHint',
};

export const paramId = (name: string) => `editor-fields.param.${name}`;
export const sentenceId = (key: keyof typeof SENTENCES) => `editor-fields.${key}`;

function table(column: 0 | 1): Record<string, string> {
  return {
    ...Object.fromEntries(Object.entries(PARAMS).map(([name, words]) => [paramId(name), words[column]])),
    ...Object.fromEntries(Object.entries(SENTENCES).map(([key, words]) => [sentenceId(key as keyof typeof SENTENCES), words[column]])),
  };
}

export const EDITOR_FIELD_TRANSLATIONS = { en: table(0), ar: table(1) };

/** A sentence's English, as `formatMessage` falls back to. */
export const sentence = (key: keyof typeof SENTENCES) => ({ id: sentenceId(key), defaultMessage: SENTENCES[key][0] });
export const paramLabel = (name: string) => ({ id: paramId(name), defaultMessage: (PARAMS as Record<string, readonly string[]>)[name]?.[0] ?? name.replace(/_/g, ' ') });

/** How many items a section selects, in the words of its catalogue (its registry name). */
export const countSentence = (catalogueName: string) => sentence(catalogueName === 'projects' || catalogueName === 'listings' ? catalogueName : 'items');

const ORDER = Object.keys(PARAMS);

/** Where a control over `name` stands: in this table's order; one it lacks just before the order. */
export const paramRank = (name: string) => (name in PARAMS ? ORDER.indexOf(name) : ORDER.indexOf('sort') - 0.5);
