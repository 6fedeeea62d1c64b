/**
 * Draft & Publish on the editorial types: the public endpoints serve the published version only, a
 * saved draft changes nothing public, and publish / unpublish / discard are visible on the next request
 * (each step reads the cached response first, so a missed cache clear fails the test).
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { getStrapi, http } from '../helpers/app';
import { checked } from '../helpers/contract';

const HERO = 'api::luxury.luxury-hero';
const TESTIMONIAL = 'api::luxury.luxury-testimonial';
const CONTACT_PAGE = 'api::contact.contact-page';
const OFFPLAN_PAGE = 'api::off-plan.off-plan-page';

let strapi: Core.Strapi;

beforeAll(async () => {
  strapi = await getStrapi();
});

async function get(path: string) {
  const res = await checked((await http()).get(path));
  expect(res.status).toBe(200);
  return res.body.data;
}

const luxury = () => get('/api/v1/luxury');

async function documentIdOf(uid: typeof HERO | typeof CONTACT_PAGE | typeof OFFPLAN_PAGE): Promise<string> {
  return (await strapi.documents(uid).findFirst())!.documentId;
}

describe('luxury sections', () => {
  let hero: string;
  const publishedTitle = 'Extraordinary Homes in the Heart of Dubai';

  beforeAll(async () => {
    hero = await documentIdOf(HERO);
  });

  afterEach(async () => {
    await strapi.documents(HERO).update({ documentId: hero, data: { title: publishedTitle }, status: 'published' });
  });

  it('a saved draft changes nothing public, publishing shows it on the next request', async () => {
    expect((await luxury()).hero.title).toBe(publishedTitle);
    await strapi.documents(HERO).update({ documentId: hero, data: { title: 'Draft headline' } });
    expect((await luxury()).hero.title).toBe(publishedTitle);

    await strapi.documents(HERO).publish({ documentId: hero });
    expect((await luxury()).hero.title).toBe('Draft headline');
  });

  it('discarding a draft keeps the published version', async () => {
    await strapi.documents(HERO).update({ documentId: hero, data: { title: 'Abandoned draft' } });
    await strapi.documents(HERO).discardDraft({ documentId: hero });
    expect((await luxury()).hero.title).toBe(publishedTitle);
    expect((await strapi.documents(HERO).findFirst())!.title).toBe(publishedTitle);
  });

  it('an unpublished section is null, and back when published again', async () => {
    expect((await luxury()).hero).not.toBeNull();
    await strapi.documents(HERO).unpublish({ documentId: hero });
    expect((await luxury()).hero).toBeNull();
    await strapi.documents(HERO).publish({ documentId: hero });
    expect((await luxury()).hero.title).toBe(publishedTitle);
  });
});

describe('testimonials', () => {
  const created: string[] = [];
  afterEach(async () => {
    while (created.length) await strapi.documents(TESTIMONIAL).delete({ documentId: created.pop()! });
  });

  it('a draft testimonial is not listed until published, and leaves when unpublished', async () => {
    const names = async () => (await luxury()).testimonials.map((item: { reviewer_name: string }) => item.reviewer_name);
    const draft = await strapi.documents(TESTIMONIAL).create({ data: { reviewer_name: 'Draft Reviewer', text: 'Lovely.', rating: 5, order: 0, is_active: true } });
    created.push(draft.documentId);
    expect(await names()).not.toContain('Draft Reviewer');

    await strapi.documents(TESTIMONIAL).publish({ documentId: draft.documentId });
    expect(await names()).toContain('Draft Reviewer');

    await strapi.documents(TESTIMONIAL).unpublish({ documentId: draft.documentId });
    expect(await names()).not.toContain('Draft Reviewer');
  });
});

describe('contact page', () => {
  it('serves the published version only', async () => {
    const page = await documentIdOf(CONTACT_PAGE);
    const phone = (await get('/api/v1/contact-us-page')).phone;
    await strapi.documents(CONTACT_PAGE).update({ documentId: page, data: { phone: '+971 4 999 9999' } });
    try {
      expect((await get('/api/v1/contact-us-page')).phone).toBe(phone);
      await strapi.documents(CONTACT_PAGE).publish({ documentId: page });
      expect((await get('/api/v1/contact-us-page')).phone).toBe('+971 4 999 9999');
    } finally {
      await strapi.documents(CONTACT_PAGE).update({ documentId: page, data: { phone }, status: 'published' });
    }
  });
});

describe('off-plan page', () => {
  it('a draft FAQ item reaches the listing only when published', async () => {
    const page = await strapi.documents(OFFPLAN_PAGE).findFirst({ populate: { faq_items: true } });
    const items = (page!.faq_items ?? []).map(({ question, answer }) => ({ question: question ?? '', answer: answer ?? '' }));
    const questions = async () => (await get('/api/v1/off-plan/projects')).faq.items.map((item: { question: string }) => item.question);
    const before = await questions();

    const added = [...items, { question: 'Is there a service charge?', answer: 'Yes, set by the developer per square foot.' }];
    await strapi.documents(OFFPLAN_PAGE).update({ documentId: page!.documentId, data: { faq_items: added } });
    try {
      expect(await questions()).toEqual(before);
      await strapi.documents(OFFPLAN_PAGE).publish({ documentId: page!.documentId });
      expect(await questions()).toEqual([...before, 'Is there a service charge?']);
    } finally {
      await strapi.documents(OFFPLAN_PAGE).update({ documentId: page!.documentId, data: { faq_items: items }, status: 'published' });
    }
  });
});

describe('demo content', () => {
  it('is seeded published, with no pending draft changes', async () => {
    for (const uid of [HERO, CONTACT_PAGE, OFFPLAN_PAGE] as const) {
      const published = await strapi.documents(uid).findFirst({ status: 'published' });
      expect(published, uid).not.toBeNull();
    }
    const drafts = await strapi.documents(TESTIMONIAL).count({ status: 'draft' });
    const published = await strapi.documents(TESTIMONIAL).count({ status: 'published' });
    expect(published).toBe(drafts);
  });
});
