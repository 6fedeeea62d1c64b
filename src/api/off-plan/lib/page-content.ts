/**
 * The editable content of the off-plan page with the contract's defaults: an empty field (or an
 * inactive page) gives the default listing title, the default explore-by-city block (4 columns and 3
 * link groups with placeholder URLs) and the 7 default FAQ items, of which only the first is answered.
 */
import { DEFAULT_LOCALE, type Locale } from '../../../lib/locale';
import type { MediaUrl, OptionalMediaUrl } from '../../../lib/media';
import type { RecordOf } from '../../../lib/records';
import { seoExtras, type SeoBlock } from '../../../lib/seo';

type Text = string | null | undefined;

type LinkRecord = RecordOf<'shared.link'>;

/** The published page, typed from the generated content-type typings (src/lib/records.ts). */
export type OffPlanPageRecord = RecordOf<'api::off-plan.off-plan-page'>;

export interface Link {
  label: string;
  url: string;
}

export interface LinkGroup {
  title: string;
  links: Link[];
}

export interface OffPlanPageContent {
  listingTitle: string;
  hero: { title: string; subtitle: string };
  guide: { title: string; description: string; cta_text: string; cta_link: string; image: string };
  soldSection: { title: string };
  exploreByCity: {
    title: string;
    columns: Array<{ links: Link[] }>;
    recommended_searches: LinkGroup;
    other_property_types: LinkGroup;
    useful_links: LinkGroup;
  };
  faq: { title: string; subtitle: string; items: Array<{ question: string; answer: string }> };
  seo: SeoBlock;
}

const PLACEHOLDER_URL = '#';
const links = (...labels: string[]): Link[] => labels.map((label) => ({ label, url: PLACEHOLDER_URL }));

export type PageDefaults = typeof DEFAULTS;

export const DEFAULTS = {
  listingTitle: 'Off-Plan Projects in the UAE',
  heroSubtitle: 'Discover new launches from the UAE’s leading developers, with flexible payment plans.',
  guideTitle: 'Your Guide to Buying Off-Plan',
  guideDescription: 'Payment plans, escrow protection, handover and resale: what to know before you reserve a unit.',
  guideCtaText: 'Read the guide',
  guideCtaLink: '/off-plan/guide',
  soldSectionTitle: 'Recently Sold Out',
  exploreTitle: 'Explore Off-Plan Projects by City',
  columns: [
    { links: links('Off-plan in Dubai', 'Off-plan in Dubai Marina', 'Off-plan in Downtown Dubai', 'Off-plan in Business Bay') },
    { links: links('Off-plan in Abu Dhabi', 'Off-plan in Saadiyat Island', 'Off-plan in Yas Island', 'Off-plan in Al Reem Island') },
    { links: links('Off-plan in Sharjah', 'Off-plan in Ajman', 'Off-plan in Umm Al Quwain', 'Off-plan in Fujairah') },
    { links: links('Off-plan in Ras Al Khaimah', 'Off-plan in Al Marjan Island', 'Off-plan in Mina Al Arab', 'Off-plan in Al Hamra') },
  ],
  recommended: { title: 'Recommended Searches', links: links('Waterfront apartments', 'Villas with payment plans', 'Projects completing this year', 'Golden Visa eligible homes') },
  propertyTypes: { title: 'Other Property Types', links: links('Off-plan apartments', 'Off-plan villas', 'Off-plan townhouses', 'Off-plan penthouses') },
  useful: { title: 'Useful Links', links: links('Off-plan buying guide', 'Mortgage calculator', 'Developer directory', 'Contact an advisor') },
  faqTitle: 'Frequently Asked Questions',
  faqSubtitle: 'Everything you need to know about buying off-plan property in the UAE',
  faqItems: [
    {
      question: 'What is an off-plan property?',
      answer: 'An off-plan property is bought from the developer before construction is finished, usually at a lower price and with a payment plan spread over the build.',
    },
    { question: 'Is buying off-plan in the UAE safe?', answer: '' },
    { question: 'How do off-plan payment plans work?', answer: '' },
    { question: 'Can foreigners buy off-plan property in Dubai?', answer: '' },
    { question: 'What fees are paid when buying off-plan?', answer: '' },
    { question: 'Can I sell my unit before handover?', answer: '' },
    { question: 'Does an off-plan purchase qualify for a Golden Visa?', answer: '' },
  ],
};

/** The same defaults in Arabic (decision 56): what an Arabic page shows where neither language was written. */
const ARABIC_DEFAULTS: PageDefaults = {
  listingTitle: 'مشاريع على الخريطة في الإمارات',
  heroSubtitle: 'اكتشف أحدث المشاريع من كبار المطورين في الإمارات، مع خطط سداد مرنة.',
  guideTitle: 'دليلك لشراء العقارات على الخريطة',
  guideDescription: 'خطط السداد وحماية حسابات الضمان والتسليم وإعادة البيع: كل ما تحتاج إلى معرفته قبل حجز وحدتك.',
  guideCtaText: 'اقرأ الدليل',
  guideCtaLink: DEFAULTS.guideCtaLink,
  soldSectionTitle: 'مشاريع بيعت مؤخرًا',
  exploreTitle: 'استكشف المشاريع على الخريطة حسب المدينة',
  columns: [
    { links: links('مشاريع على الخريطة في دبي', 'مشاريع على الخريطة في مرسى دبي', 'مشاريع على الخريطة في وسط مدينة دبي', 'مشاريع على الخريطة في الخليج التجاري') },
    { links: links('مشاريع على الخريطة في أبوظبي', 'مشاريع على الخريطة في جزيرة السعديات', 'مشاريع على الخريطة في جزيرة ياس', 'مشاريع على الخريطة في جزيرة الريم') },
    { links: links('مشاريع على الخريطة في الشارقة', 'مشاريع على الخريطة في عجمان', 'مشاريع على الخريطة في أم القيوين', 'مشاريع على الخريطة في الفجيرة') },
    { links: links('مشاريع على الخريطة في رأس الخيمة', 'مشاريع على الخريطة في جزيرة المرجان', 'مشاريع على الخريطة في ميناء العرب', 'مشاريع على الخريطة في الحمرا') },
  ],
  recommended: { title: 'عمليات بحث مقترحة', links: links('شقق على الواجهة البحرية', 'فلل بخطط سداد', 'مشاريع تكتمل هذا العام', 'منازل مؤهلة للإقامة الذهبية') },
  propertyTypes: { title: 'أنواع عقارات أخرى', links: links('شقق على الخريطة', 'فلل على الخريطة', 'تاون هاوس على الخريطة', 'بنتهاوس على الخريطة') },
  useful: { title: 'روابط مفيدة', links: links('دليل الشراء على الخريطة', 'حاسبة التمويل العقاري', 'دليل المطورين', 'تواصل مع مستشار') },
  faqTitle: 'الأسئلة الشائعة',
  faqSubtitle: 'كل ما تحتاج إلى معرفته عن شراء العقارات على الخريطة في الإمارات',
  faqItems: [
    {
      question: 'ما هو العقار على الخريطة؟',
      answer: 'هو عقار يُشترى من المطوّر قبل اكتمال بنائه، عادةً بسعر أقل ومع خطة سداد موزعة على مراحل البناء.',
    },
    { question: 'هل شراء العقارات على الخريطة في الإمارات آمن؟', answer: '' },
    { question: 'كيف تعمل خطط السداد للعقارات على الخريطة؟', answer: '' },
    { question: 'هل يمكن للأجانب شراء عقارات على الخريطة في دبي؟', answer: '' },
    { question: 'ما الرسوم التي تُدفع عند الشراء على الخريطة؟', answer: '' },
    { question: 'هل يمكنني بيع وحدتي قبل التسليم؟', answer: '' },
    { question: 'هل يؤهل شراء عقار على الخريطة للحصول على الإقامة الذهبية؟', answer: '' },
  ],
};

const DEFAULTS_BY_LOCALE: Record<Locale, PageDefaults> = { en: DEFAULTS, ar: ARABIC_DEFAULTS };

const text = (value: Text): string => (typeof value === 'string' ? value.trim() : '');
const orDefault = (value: Text, fallback: string) => text(value) || fallback;

function cleanLinks(list: LinkRecord[] | null | undefined): Link[] {
  return (list ?? []).map((link) => ({ label: text(link.label), url: text(link.url) })).filter((link) => link.label !== '');
}

function group(record: OffPlanPageRecord['recommended_searches'], fallback: LinkGroup): LinkGroup {
  const groupLinks = cleanLinks(record?.links);
  return { title: orDefault(record?.title, fallback.title), links: groupLinks.length ? groupLinks : fallback.links };
}

/** The page in `locale` from its record (completed from the English one beforehand), with that language's defaults. */
export function buildPageContent(record: OffPlanPageRecord | null, image: MediaUrl, optionalImage: OptionalMediaUrl, locale: Locale = DEFAULT_LOCALE): OffPlanPageContent {
  const defaults = DEFAULTS_BY_LOCALE[locale];
  const page: OffPlanPageRecord = record && record.is_active !== false ? record : {};
  const columns = (page.explore_by_city_columns ?? []).map((column) => ({ links: cleanLinks(column.links) })).filter((column) => column.links.length);
  const faqItems = (page.faq_items ?? [])
    .map((item) => ({ question: text(item.question), answer: text(item.answer) }))
    .filter((item) => item.question !== '');
  const listingTitle = orDefault(page.listing_page_title, defaults.listingTitle);

  return {
    listingTitle,
    hero: { title: listingTitle, subtitle: orDefault(page.hero_subtitle, defaults.heroSubtitle) },
    guide: {
      title: orDefault(page.guide_title, defaults.guideTitle),
      description: orDefault(page.guide_description, defaults.guideDescription),
      cta_text: orDefault(page.guide_cta_text, defaults.guideCtaText),
      cta_link: orDefault(page.guide_cta_link, defaults.guideCtaLink),
      image: image(page.guide_image),
    },
    soldSection: { title: orDefault(page.sold_section_title, defaults.soldSectionTitle) },
    exploreByCity: {
      title: orDefault(page.explore_by_city_title, defaults.exploreTitle),
      columns: columns.length ? columns : defaults.columns,
      recommended_searches: group(page.recommended_searches, defaults.recommended),
      other_property_types: group(page.other_property_types, defaults.propertyTypes),
      useful_links: group(page.useful_links, defaults.useful),
    },
    faq: {
      title: orDefault(page.faq_title, defaults.faqTitle),
      subtitle: orDefault(page.faq_subtitle, defaults.faqSubtitle),
      items: faqItems.length ? faqItems : defaults.faqItems,
    },
    seo: { meta_title: text(page.seo?.meta_title) || listingTitle, meta_description: text(page.seo?.meta_description), ...seoExtras(page.seo, optionalImage) },
  };
}
