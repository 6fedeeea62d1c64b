/**
 * The Arabic of the demo content, published beside the English (once per database, as every demo
 * seeder; a database seeded before Arabic existed gets it on its next start). Each translation is the
 * English entry's own data with the Arabic texts laid over it field by field and list item by list item,
 * so the components keep their images, links and numbers; Strapi copies the fields the languages share.
 * An entry an editor already translated, or deleted, is left alone.
 */
import type { Core, UID } from '@strapi/strapi';
import { CONTACT_PAGE_ARABIC } from '../api/contact/seed-arabic';
import { LUXURY_ARABIC, TESTIMONIALS_ARABIC } from '../api/luxury/seed-arabic';
import { OFF_PLAN_PAGE_ARABIC } from '../api/off-plan/seed-arabic';
import type { Seeder } from '../lib/seeding/seed';

type Data = Record<string, unknown>;

const ARABIC = 'ar';

/** Single types and their Arabic. */
const SINGLE_TYPES: Array<[UID.ContentType, Data]> = [
  ['api::luxury.luxury-hero', LUXURY_ARABIC.hero],
  ['api::luxury.luxury-trusted', LUXURY_ARABIC.trusted],
  ['api::luxury.luxury-advisors', LUXURY_ARABIC.advisors],
  ['api::luxury.luxury-communities', { communities: LUXURY_ARABIC.communities }],
  ['api::luxury.luxury-destination', { ...LUXURY_ARABIC.destination, points: LUXURY_ARABIC.destination.points.map((text) => ({ text })) }],
  ['api::luxury.luxury-experience', LUXURY_ARABIC.experience],
  ['api::luxury.luxury-signature', LUXURY_ARABIC.signature],
  ['api::luxury.luxury-cta', LUXURY_ARABIC.cta],
  ['api::contact.contact-page', CONTACT_PAGE_ARABIC],
  [
    'api::off-plan.off-plan-page',
    {
      ...OFF_PLAN_PAGE_ARABIC,
      explore_by_city_columns: OFF_PLAN_PAGE_ARABIC.explore_by_city_columns.map((column) => ({ ...column, links: labels(column.links) })),
      recommended_searches: { ...OFF_PLAN_PAGE_ARABIC.recommended_searches, links: labels(OFF_PLAN_PAGE_ARABIC.recommended_searches.links) },
      other_property_types: { ...OFF_PLAN_PAGE_ARABIC.other_property_types, links: labels(OFF_PLAN_PAGE_ARABIC.other_property_types.links) },
      useful_links: { ...OFF_PLAN_PAGE_ARABIC.useful_links, links: labels(OFF_PLAN_PAGE_ARABIC.useful_links.links) },
    },
  ],
];

const TESTIMONIAL_UID: UID.ContentType = 'api::luxury.luxury-testimonial';

function labels(list: readonly string[]): Data[] {
  return list.map((label) => ({ label }));
}

/** Every component and media field of a schema, populated all the way down. */
function deepPopulate(strapi: Core.Strapi, uid: string): Data {
  const populate: Data = {};
  for (const [name, attribute] of Object.entries(strapi.getModel(uid as UID.Schema).attributes) as Array<[string, { type: string; component?: string }]>) {
    if (attribute.type === 'media') populate[name] = true;
    if (attribute.type === 'component') populate[name] = { populate: deepPopulate(strapi, attribute.component!) };
  }
  return populate;
}

const SYSTEM_FIELDS = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'locale', 'localizations', 'createdBy', 'updatedBy']);
const isObject = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);
const isMedia = (value: Data) => 'mime' in value && 'id' in value;

/** A read entry as data to write: system fields dropped, media as ids, components as their fields. */
function asData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asData);
  if (!isObject(value)) return value;
  if (isMedia(value)) return value.id;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !SYSTEM_FIELDS.has(key)).map(([key, item]) => [key, asData(item)]));
}

/** The English data with the Arabic laid over it (objects by key, lists by position). */
function overlay(english: unknown, arabic: unknown): unknown {
  if (Array.isArray(arabic)) return arabic.map((item, index) => overlay(Array.isArray(english) ? english[index] : undefined, item));
  if (!isObject(arabic)) return arabic;
  const base = isObject(english) ? (asData(english) as Data) : {};
  for (const [key, item] of Object.entries(arabic)) base[key] = overlay(isObject(english) ? english[key] : undefined, item);
  return base;
}

async function translate(strapi: Core.Strapi, uid: UID.ContentType, english: Data | null, arabic: Data): Promise<void> {
  if (!english) return;
  const documentId = String(english.documentId);
  const documents = strapi.documents(uid);
  if (await documents.findOne({ documentId, locale: ARABIC })) return;
  await documents.update({ documentId, locale: ARABIC, status: 'published', data: overlay(english, arabic) as never });
}

export const arabicDemoSeeder: Seeder = {
  name: 'arabic-demo',
  async run(strapi) {
    for (const [uid, arabic] of SINGLE_TYPES) {
      const english = await strapi.documents(uid).findFirst({ status: 'published', locale: 'en', populate: deepPopulate(strapi, uid) as never });
      await translate(strapi, uid, (english ?? null) as Data | null, arabic);
    }
    const testimonials = await strapi.documents(TESTIMONIAL_UID).findMany({ status: 'published', locale: 'en', sort: 'order:asc', populate: deepPopulate(strapi, TESTIMONIAL_UID) as never });
    for (const [index, arabic] of TESTIMONIALS_ARABIC.entries()) await translate(strapi, TESTIMONIAL_UID, (testimonials[index] ?? null) as Data | null, arabic);
  },
};
