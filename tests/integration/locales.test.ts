/**
 * The site in English and Arabic (decisions 53-59): `?locale=` on every v1 route, English unchanged
 * byte for byte, the Arabic demo content, the per-field fallback to English, caches and the fast lane
 * per locale, Arabic messages, leads keeping their language, and Arabic search.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core, UID } from '@strapi/strapi';
import { appModule, getStrapi, http, newClientIp, webhookReceiver } from '../helpers/app';
import { fastLaneAnswers } from '../helpers/lane-count';
import { checked, checkedError } from '../helpers/contract';

const ARABIC_LETTERS = /[\u0600-\u06FF]/;
const HERO = 'api::luxury.luxury-hero' satisfies UID.ContentType;

let strapi: Core.Strapi;
let projectId: string;


const get = async (path: string) => checked((await http()).get(path));

/** Every public GET of the contract. */
const routes = () => [
  '/api/v1/luxury',
  '/api/v1/contact-us-page',
  '/api/v1/off-plan',
  '/api/v1/off-plan/projects',
  '/api/v1/off-plan/projects/filters',
  `/api/v1/off-plan/projects/${projectId}`,
];

const withLocale = (path: string, locale: string) => `${path}${path.includes('?') ? '&' : '?'}locale=${locale}`;

/**
 * Saves `data` in `locale` over the entry's draft there, then publishes it, as an editor's Save and
 * Publish do (each is a document action, after which Strapi copies the shared fields into the other
 * locales' rows of the same state).
 */
async function publishIn(uid: UID.ContentType, locale: string, data: Record<string, unknown>) {
  // Any luxury single type: typed as the hero, whose document actions they share.
  const documents = strapi.documents(uid as typeof HERO);
  const entry = await documents.findFirst({ locale: 'en' });
  await documents.update({ documentId: entry!.documentId, locale, data: data as never });
  await documents.publish({ documentId: entry!.documentId, locale });
}

beforeAll(async () => {
  strapi = await getStrapi();
  // Other files delete and recreate English entries: their Arabic is laid over them again (entries
  // already translated are left as they are).
  await appModule<{ arabicDemoSeeder: { run(strapi: Core.Strapi): Promise<void> } }>('src/bootstrap/arabic-demo-seed').arabicDemoSeeder.run(strapi);
  const listing = await get('/api/v1/off-plan/projects?per_page=1');
  projectId = listing.body.data.properties.data[0].id;
});

describe('?locale= on every v1 route', () => {
  it('answers English without it, and the same bytes and ETag with locale=en', async () => {
    for (const path of routes()) {
      const plain = await get(path);
      const english = await get(withLocale(path, 'en'));
      expect(plain.status, path).toBe(200);
      expect(english.text, path).toBe(plain.text);
      expect(english.headers.etag, path).toBe(plain.headers.etag);
      expect(plain.headers['content-language'], path).toBe('en');
    }
  });

  it('answers Arabic with locale=ar, says so, and keeps the surrogate keys of each language apart', async () => {
    for (const path of routes()) {
      const arabic = await get(withLocale(path, 'ar'));
      expect(arabic.status, path).toBe(200);
      expect(arabic.headers['content-language'], path).toBe('ar');
      expect(arabic.text, path).toMatch(ARABIC_LETTERS);
    }
    expect((await get('/api/v1/luxury')).headers['surrogate-key']).toBe('luxury media');
    expect((await get('/api/v1/luxury?locale=ar')).headers['surrogate-key']).toBe('luxury media luxury:ar');
    expect((await get('/api/v1/off-plan/projects?locale=ar')).headers['surrogate-key']).toBe('projects offplan-page media offplan-page:ar');
  });

  it('refuses a locale it does not serve with a 422 naming locale, on every route and on the contact form', async () => {
    for (const path of [...routes(), '/api/v1/health', '/api/v1/openapi.json']) {
      for (const locale of ['fr', 'english', 'ar&locale=en']) {
        const res = await checkedError((await http()).get(withLocale(path, locale)), 422, 'VALIDATION_FAILED');
        expect(res.body.errors, path).toEqual({ locale: ['The locale must be one of: en, ar.'] });
      }
    }
    const before = await strapi.db.query('api::contact.contact').count();
    await checkedError(
      (await http()).post('/api/v1/contact-us?locale=de').set('X-Forwarded-For', newClientIp()).send({ first_name: 'A', email: 'a@example.com', mobile: '+971501234567' }),
      422,
      'VALIDATION_FAILED'
    );
    expect(await strapi.db.query('api::contact.contact').count()).toBe(before);
  });

  it('takes the language from the URL only, never from Accept-Language', async () => {
    const res = await checked((await http()).get('/api/v1/luxury').set('Accept-Language', 'ar'));
    expect(res.headers['content-language']).toBe('en');
    expect(res.text).toBe((await get('/api/v1/luxury')).text);
  });
});

describe('the Arabic site', () => {
  it('shows the Arabic demo content of every section, testimonial, the contact page and the off-plan page', async () => {
    const luxury = (await get('/api/v1/luxury?locale=ar')).body.data;
    for (const section of ['hero', 'trusted', 'advisors', 'destination', 'experience', 'signature', 'cta']) expect(luxury[section]?.title, section).toMatch(ARABIC_LETTERS);
    for (const community of luxury.communities.communities) expect(community.name).toMatch(ARABIC_LETTERS);
    expect(luxury.testimonials).toHaveLength(4);
    for (const testimonial of luxury.testimonials) expect(testimonial.text).toMatch(ARABIC_LETTERS);
    const english = (await get('/api/v1/luxury')).body.data;
    // What the languages share is the same: images, ratings, order, links.
    expect(luxury.hero.background_image).toBe(english.hero.background_image);
    expect(luxury.hero.cta_button_1_link).toBe(english.hero.cta_button_1_link);
    expect(luxury.testimonials.map((item: { rating: number; order: number }) => [item.rating, item.order])).toEqual(
      english.testimonials.map((item: { rating: number; order: number }) => [item.rating, item.order])
    );
    expect((await get('/api/v1/contact-us-page?locale=ar')).body.data.title).toMatch(ARABIC_LETTERS);
    expect((await get('/api/v1/off-plan?locale=ar')).body.data.hero.title).toMatch(ARABIC_LETTERS);
  });

  it('writes what the service writes itself in Arabic: results text, labels, emirates, badges and statuses', async () => {
    const data = (await get('/api/v1/off-plan/projects?locale=ar&per_page=5')).body.data;
    expect(data.listing_header.results_text).toMatch(/^النتائج 1 - 5 من أصل \d+$/);
    expect(data.filters.property_type.label).toBe('نوع العقار');
    expect(data.filters.sort_by.options[0]).toEqual({ value: 'name_asc', label: 'الأحدث أولًا' });
    expect(data.counts_by_state.find((state: { state_id: string }) => state.state_id === 'DU')?.state_name).toBe('دبي');
    for (const card of data.properties.data) {
      expect(card.status).toBe('على الخريطة');
      expect(card.name).toMatch(ARABIC_LETTERS);
      expect(card.state_name).toMatch(ARABIC_LETTERS);
      // Digits stay Western, as UAE portals print them.
      expect(card.price.formatted).toMatch(/^(AED [\d.]+[KMB]?|السعر عند الطلب)$/);
    }
    const filters = (await get('/api/v1/off-plan/projects/filters?locale=ar')).body.data;
    expect(filters.states.find((state: { id: string }) => state.id === 'AZ').name).toBe('أبوظبي');
  });
});

describe('fallback to English, field by field', () => {
  const SIGNATURE: UID.ContentType = 'api::luxury.luxury-signature';
  type Saved = Record<string, unknown> & { background_image?: { id: number; url: string } };
  let saved: { heroEn: Saved; heroAr: Saved; signatureAr: Saved };

  beforeAll(async () => {
    const find = async (uid: UID.ContentType, locale: string, populate: string[] = []) =>
      (await strapi.documents(uid as typeof HERO).findFirst({ locale, populate: populate as never })) as unknown as Saved;
    saved = { heroEn: await find(HERO, 'en', ['background_image']), heroAr: await find(HERO, 'ar'), signatureAr: await find(SIGNATURE, 'ar') };
  });

  // Other files read the demo content as seeded.
  afterAll(async () => {
    const { heroEn, heroAr, signatureAr } = saved;
    await publishIn(HERO, 'en', { title: heroEn.title, background_image: heroEn.background_image?.id ?? null });
    await publishIn(HERO, 'ar', { title: heroAr.title, subtitle: heroAr.subtitle });
    await publishIn(SIGNATURE, 'ar', { title: signatureAr.title, description: signatureAr.description, link_text: signatureAr.link_text });
  });
  it('shows the English value of a field left empty in Arabic, and the English entry where there is no Arabic one', async () => {
    await publishIn(HERO, 'ar', { title: 'منازل استثنائية', subtitle: '' });
    const arabic = (await get('/api/v1/luxury?locale=ar')).body.data;
    const english = (await get('/api/v1/luxury')).body.data;
    expect(arabic.hero.title).toBe('منازل استثنائية');
    expect(arabic.hero.subtitle).toBe(english.hero.subtitle);

    const signature = await strapi.documents(SIGNATURE as typeof HERO).findFirst({ locale: 'en' });
    await strapi.documents(SIGNATURE as typeof HERO).delete({ documentId: signature!.documentId, locale: 'ar' });
    expect((await get('/api/v1/luxury?locale=ar')).body.data.signature).toEqual(english.signature);
  });

  it('an Arabic edit leaves the English answer and its ETag unchanged, and an English edit of a translated text the Arabic one', async () => {
    const english = await get('/api/v1/luxury');
    await publishIn(HERO, 'ar', { title: 'عنوان عربي جديد' });
    const arabic = await get('/api/v1/luxury?locale=ar');
    expect(arabic.body.data.hero.title).toBe('عنوان عربي جديد');
    const englishAfter = await get('/api/v1/luxury');
    expect(englishAfter.text).toBe(english.text);
    expect(englishAfter.headers.etag).toBe(english.headers.etag);

    await publishIn(HERO, 'en', { title: 'A New English Headline' });
    expect((await get('/api/v1/luxury')).body.data.hero.title).toBe('A New English Headline');
    const arabicAfter = await get('/api/v1/luxury?locale=ar');
    expect(arabicAfter.headers.etag).toBe(arabic.headers.etag);
  });

  it('a shared field (the image) is the same in both languages: changed in English, it shows in both', async () => {
    const imageOf = async (uid: UID.ContentType) => ((await strapi.documents(uid as typeof HERO).findFirst({ locale: 'en', populate: ['background_image'] })) as unknown as { background_image: { id: number; url: string } }).background_image;
    const shown = async (locale: string) => (await get(`/api/v1/luxury?locale=${locale}`)).body.data.hero.background_image as string;
    // Both answers cached first: the change must clear both.
    await shown('en');
    await shown('ar');
    const cta = await imageOf('api::luxury.luxury-cta');
    await publishIn(HERO, 'en', { background_image: cta.id });
    expect(await shown('en')).toMatch(new RegExp(`${cta.url}$`));
    expect(await shown('ar')).toMatch(new RegExp(`${cta.url}$`));

    // Published in Arabic with the change (the admin's Publish), Strapi copies it into the published
    // English version: both show it, the cached English answer included.
    const original = saved.heroEn.background_image!;
    const hero = await strapi.documents(HERO).findFirst({ locale: 'en' });
    await strapi.documents(HERO).update({ documentId: hero!.documentId, locale: 'ar', data: { background_image: original.id }, status: 'published' });
    expect(await shown('en')).toMatch(new RegExp(`${original.url}$`));
    expect(await shown('ar')).toMatch(new RegExp(`${original.url}$`));

    // Saved in Arabic alone, where Strapi copies it into no published English row, both keep the English value (decision 59).
    await publishIn(HERO, 'ar', { background_image: cta.id });
    expect(await shown('ar')).toBe(await shown('en'));
  });
});

describe('the fast lane in Arabic', () => {
  it('serves a cached Arabic page as the full path does, and never an English one for it', async () => {
    for (const path of ['/api/v1/luxury?locale=ar', '/api/v1/contact-us-page?locale=ar', '/api/v1/off-plan/projects?locale=ar&state_id=DU']) {
      const full = await get(path);
      const before = (await fastLaneAnswers());
      const fast = await get(path);
      expect((await fastLaneAnswers()), path).toBe(before + 1);
      expect(fast.text, path).toBe(full.text);
      expect(fast.headers['content-language'], path).toBe('ar');
      expect(fast.headers['surrogate-key'], path).toBe(full.headers['surrogate-key']);
      const english = await get(path.replace('locale=ar', 'locale=en'));
      expect(english.text, path).not.toBe(fast.text);
      expect(english.headers['content-language'], path).toBe('en');
    }
  });
});

describe('messages in Arabic', () => {
  it('answers a contact form with every 422 in Arabic, with the same keys and code', async () => {
    const res = await checkedError(
      (await http()).post('/api/v1/contact-us?locale=ar').set('X-Forwarded-For', newClientIp()).send({ email: 'not-an-email', mobile: 'x'.repeat(21) }),
      422,
      'VALIDATION_FAILED'
    );
    expect(res.body.message).toBe('البيانات المرسلة غير صالحة');
    expect(res.body.errors).toEqual({
      first_name: ['الاسم مطلوب'],
      email: ['يرجى إدخال عنوان بريد إلكتروني صحيح'],
      mobile: ['يجب ألا يزيد رقم الجوال على 20 حرفًا.'],
    });
  });

  it('answers a bad listing query in Arabic', async () => {
    const res = await checkedError((await http()).get('/api/v1/off-plan/projects?locale=ar&page=0&state_id=XX'), 422, 'VALIDATION_FAILED');
    expect(res.body.errors).toEqual({
      page: ['يجب أن يكون رقم الصفحة عددًا صحيحًا لا يقل عن 1.'],
      state_id: ['يجب أن يكون رمز الإمارة أحد الرموز: AZ أو AJ أو DU أو FU أو RK أو SH أو UQ.'],
    });
  });
});

describe('leads keep their language', () => {
  it('stores the locale a lead was sent in, confirms in it, and hands it to the CRM', async () => {
    const email = `arabic.${Date.now()}@example.ae`;
    const res = await checked(
      (await http()).post('/api/v1/contact-us?locale=ar').set('X-Forwarded-For', newClientIp()).send({ first_name: 'ليلى', email, mobile: '+971 50 123 4567', message: 'أرغب في فيلا' })
    );
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('تم استلام رسالتك، وسنتواصل معك قريبًا.');
    expect(await strapi.db.query('api::contact.contact').findOne({ where: { id: res.body.data.id } })).toMatchObject({ language: 'ar', first_name: 'ليلى' });
    const [hook] = await (await webhookReceiver()).waitFor(email, 1);
    expect(JSON.parse(hook.body).lead).toMatchObject({ locale: 'ar', first_name: 'ليلى', message: 'أرغب في فيلا' });
  });
});

describe('search in Arabic', () => {
  const names = async (query: string) => (await get(`/api/v1/off-plan/projects?per_page=100&${query}`)).body.data.properties.data.map((card: { id: string }) => card.id);

  it('finds a project by its Arabic name however alef, taa marbuta, tatweel and diacritics are written', async () => {
    const card = (await get(`/api/v1/off-plan/projects/${projectId}?locale=ar`)).body.data;
    const arabicName: string = card.name;
    expect(arabicName).toMatch(ARABIC_LETTERS);
    const word = arabicName.split(' ').sort((a, b) => b.length - a.length)[0];
    const variants = [
      word,
      word.replace(/ا/g, 'أ'),
      word.replace(/ه$/, 'ة'),
      `${word[0]}ـ${word.slice(1)}`,
      `${word[0]}\u064E${word.slice(1)}`,
    ];
    for (const variant of variants) {
      for (const locale of ['ar', 'en']) expect(await names(`locale=${locale}&project_name=${encodeURIComponent(variant)}`), variant).toContain(projectId);
    }
  });

  it('reads Arabic-Indic digits in numeric parameters', async () => {
    const year = (await get(`/api/v1/off-plan/projects/${projectId}`)).body.data.completion.year as string;
    const arabicIndic = year.replace(/\d/g, (digit) => String.fromCharCode(0x660 + Number(digit)));
    const western = await names(`completion_year=${year}`);
    expect(western).toContain(projectId);
    // The Arabic listing sorts by the Arabic names: the same projects, in another order.
    expect((await names(`completion_year=${encodeURIComponent(arabicIndic)}&locale=ar`)).sort()).toEqual([...western].sort());
    expect(await names(`completion_year=${encodeURIComponent(arabicIndic)}`)).toEqual(western);
  });
});
