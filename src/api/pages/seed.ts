/**
 * First-run demo pages (decision 168), published in English and Arabic: a landing page (a hero, text
 * beside an image, live projects, an FAQ, an enquiry form) and an area guide of Dubai Marina (its area,
 * listings for sale, a map and figures). The Arabic is each page's own sections, in the same order.
 */
import type { Core } from '@strapi/strapi';
import { withDemoMedia } from '../../lib/seeding/demo-media';
import type { Seeder } from '../../lib/seeding/seed';
import { PAGE_UID } from './services/pages';

type Section = Record<string, unknown> & { __component: string };

const faq = (title: string, items: Array<[string, string]>): Section => ({
  __component: 'sections.faq',
  title,
  items: items.map(([question, answer]) => ({ question, answer })),
});

function landing(image: number) {
  const english: Section[] = [
    { __component: 'sections.hero', title: 'Beachfront living, 10% down', subtitle: 'The last units of the season’s most wanted waterfront launches.', image, cta: { label: 'See the projects', url: '/off-plan?sort=price_asc' } },
    { __component: 'sections.image-text', title: 'Why buy at launch', text: 'Launch prices, staged payment plans and the widest choice of views: the advantages go to early buyers.', image, image_side: 'end' },
    { __component: 'sections.projects', title: 'Launches in Dubai', query: 'state_id=DU&sort=price_asc', limit: 6 },
    faq('Questions buyers ask', [
      ['How much do I pay up front?', 'Most launches ask 10% on booking and the rest in stages until handover.'],
      ['Are my payments protected?', 'Yes: they go into a regulated escrow account, released as construction progresses.'],
    ]),
    { __component: 'sections.enquiry-form', title: 'Reserve a unit', text: 'An advisor calls you back within the hour.', enquiry_type: 'callback' },
  ];
  const arabic: Section[] = [
    { __component: 'sections.hero', title: 'حياة على الشاطئ بدفعة أولى 10%', subtitle: 'آخر الوحدات في أكثر مشاريع الواجهة البحرية طلبًا هذا الموسم.', image, cta: { label: 'اعرض المشاريع', url: '/ar/off-plan?sort=price_asc' } },
    { __component: 'sections.image-text', title: 'لماذا تشتري عند الإطلاق', text: 'أسعار الإطلاق وخطط السداد على مراحل وأوسع خيار من الإطلالات: المزايا للمشترين الأوائل.', image, image_side: 'end' },
    { __component: 'sections.projects', title: 'إطلاقات في دبي', query: 'state_id=DU&sort=price_asc', limit: 6 },
    faq('أسئلة يطرحها المشترون', [
      ['كم أدفع مقدمًا؟', 'تطلب معظم الإطلاقات 10% عند الحجز والباقي على مراحل حتى التسليم.'],
      ['هل دفعاتي محمية؟', 'نعم: تُودَع في حساب ضمان خاضع للرقابة وتُصرف بحسب تقدّم البناء.'],
    ]),
    { __component: 'sections.enquiry-form', title: 'احجز وحدة', text: 'يتصل بك مستشار خلال ساعة.', enquiry_type: 'callback' },
  ];
  return {
    data: { slug: 'beachfront-launches', kind: 'landing', title: 'Beachfront launches: the last units', summary: 'Waterfront launches with 10% down and staged payment plans.', image, sections: english },
    arabic: { title: 'إطلاقات على الشاطئ: آخر الوحدات', summary: 'مشاريع على الواجهة البحرية بدفعة أولى 10% وخطط سداد على مراحل.', sections: arabic },
  };
}

function areaGuide(image: number) {
  const community = 'Dubai Marina';
  const english: Section[] = [
    { __component: 'sections.hero', title: 'Living in Dubai Marina', subtitle: 'Towers on the water, a promenade of cafés and the beach a walk away.', image },
    { __component: 'sections.area', title: 'Dubai Marina at a glance', community, limit: 4 },
    { __component: 'sections.listings', title: 'Homes for sale in Dubai Marina', purpose: 'sale', query: 'location=Dubai Marina', limit: 4 },
    { __component: 'sections.figures', title: 'Rents in Dubai Marina', catalogue: 'rent', query: 'location=Dubai Marina' },
    { __component: 'sections.map', title: 'Projects on the map', catalogue: 'off_plan', query: 'location=Dubai Marina' },
  ];
  const arabic: Section[] = [
    { __component: 'sections.hero', title: 'العيش في دبي مارينا', subtitle: 'أبراج على الماء وممشى من المقاهي والشاطئ على بعد خطوات.', image },
    { __component: 'sections.area', title: 'دبي مارينا في لمحة', community, limit: 4 },
    { __component: 'sections.listings', title: 'منازل للبيع في دبي مارينا', purpose: 'sale', query: 'location=Dubai Marina', limit: 4 },
    { __component: 'sections.figures', title: 'الإيجارات في دبي مارينا', catalogue: 'rent', query: 'location=Dubai Marina' },
    { __component: 'sections.map', title: 'المشاريع على الخريطة', catalogue: 'off_plan', query: 'location=Dubai Marina' },
  ];
  return {
    data: { slug: 'dubai-marina', kind: 'area_guide', community, title: 'Living in Dubai Marina', summary: 'What life in Dubai Marina is like: its projects, prices and map.', image, sections: english },
    arabic: { title: 'العيش في دبي مارينا', summary: 'كيف هي الحياة في دبي مارينا: مشاريعها وأسعارها وخريطتها.', sections: arabic },
  };
}

/** The demo pages, each with its Arabic sections, showing `image`. */
export const samplePages = (image: number) => [landing(image), areaGuide(image)];

async function publishBoth(strapi: Core.Strapi, page: { data: Record<string, unknown>; arabic: Record<string, unknown> }): Promise<void> {
  const created = (await strapi.documents(PAGE_UID).create({ status: 'published', data: page.data } as never)) as { documentId: string };
  await strapi.documents(PAGE_UID).update({ documentId: created.documentId, locale: 'ar', status: 'published', data: { ...page.data, ...page.arabic } } as never);
}

export const composedPagesSeeder: Seeder = {
  name: 'composed-pages',
  run: (strapi) =>
    withDemoMedia(strapi, async (media) => {
      const image = await media.image('offplan-site', 'A tower under construction with a crane');
      for (const page of samplePages(image)) await publishBoth(strapi, page);
    }),
};
