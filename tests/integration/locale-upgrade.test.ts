/**
 * English as it was before the Arabic site (decision 53), in a child process on a fresh SQLite file:
 * - the English answers are the bytes the service sent before (recorded from the build before it,
 *   commit 7f45199, on the same demo content; upload file names carry a random suffix, left out);
 * - a database made before it keeps every record, as English: the file is put back as an earlier
 *   version left it (no Arabic rows, no Arabic locale, records without a locale, the content types
 *   stored as not translated, the Arabic demo never seeded), and the app starts again on it.
 */
import fs from 'fs';
import path from 'path';
import Database from 'better-sqlite3';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseEnvironment, sqliteFile, startAppProcess, TEST_SECRETS } from '../helpers/app-process';

const TABLES = [
  'luxury_hero', 'luxury_trusted', 'luxury_advisors', 'luxury_communities', 'luxury_destination', 'luxury_experience',
  'luxury_signature', 'luxury_cta', 'luxury_testimonials', 'contact_page', 'off_plan_page',
];
const PAGES = ['/api/v1/luxury', '/api/v1/contact-us-page', '/api/v1/off-plan'];
const RECORDED = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'english-answers-before-arabic.json'), 'utf8')) as Record<string, string>;
/** `/uploads/skyline_dusk_f2c21b8ec7.jpg` as `/uploads/skyline_dusk.jpg`: the suffix is drawn at each upload. */
const withoutUploadSuffix = (body: string) => body.replace(/(\/uploads\/[a-z0-9_]+?)_[0-9a-f]{10}\./g, '$1.');

/** The SEO fields issue 34 added (decision 111) to the pages' answers: the luxury page's `seo`, the others' new keys. */
const PAGE_SEO_ADDED = ['canonical_url', 'og_image', 'noindex', 'keywords'];

/**
 * A page's answer without the fields issue 34 added: the SEO fields (decision 111), the page's links
 * (decision 108) and the contact page's structured data (decision 116).
 */
function withoutLaterPageFields(route: string, body: string): string {
  if (!PAGES.includes(route)) return body;
  const answer = JSON.parse(body);
  const { canonical_url, alternates, structured_data, ...data } = answer.data;
  if (route === '/api/v1/contact-us-page') for (const key of PAGE_SEO_ADDED) delete data.seo[key];
  else delete data.seo;
  return JSON.stringify({ ...answer, data });
}

/**
 * An answer without the fields added after the recording (the rest must be the same bytes): decision 68's
 * on a project, and each project's page (decisions 108-109: `slug`, `canonical_url`, and on the project
 * answer `alternates`) on a project and on every listing card; the SEO fields (decisions 111-112); the
 * structured data (decisions 115-116); the similar projects (decision 125) on a project.
 */
function withoutLaterFields(route: string, body: string): string {
  const withoutPage = ({ slug, canonical_url, alternates, ...rest }: Record<string, unknown>) => rest;
  // Cut from the bytes: parsing would reorder the facets' number-like keys ("1" before "Studio").
  if (/^\/api\/v1\/off-plan\/projects(\?|$)/.test(route)) return body.replace(/,"slug":"[a-z0-9-]+","canonical_url":"[^"]+"\}/g, '}');
  if (!/^\/api\/v1\/off-plan\/projects\/\d+$/.test(route)) return withoutLaterPageFields(route, body);
  const answer = JSON.parse(body);
  const { floor_plans, brochure_url, handover_date, seo, structured_data, similar, ...data } = withoutPage(answer.data);
  data.apartments = (data.apartments as Array<Record<string, unknown>>).map(({ size_from_sqm, size_to_sqm, ...unit }) => unit);
  return JSON.stringify({ ...answer, data });
}

/** What an earlier version left: the same English rows, nothing of Arabic. */
function asBeforeArabic(file: string): void {
  const db = new Database(file);
  try {
    db.transaction(() => {
      for (const table of TABLES) {
        db.prepare(`DELETE FROM ${table} WHERE locale = 'ar'`).run();
        db.prepare(`UPDATE ${table} SET locale = NULL`).run();
      }
      db.prepare(`DELETE FROM i18n_locale WHERE code = 'ar'`).run();
      const stored = db.prepare(`SELECT value FROM strapi_core_store_settings WHERE key = 'strapi_content_types_schema'`).get() as { value: string };
      const schema = JSON.parse(stored.value) as Record<string, { pluginOptions?: Record<string, unknown>; attributes: Record<string, { pluginOptions?: Record<string, unknown> }> }>;
      for (const contentType of Object.values(schema)) {
        delete contentType.pluginOptions?.i18n;
        for (const attribute of Object.values(contentType.attributes)) delete attribute.pluginOptions?.i18n;
      }
      db.prepare(`UPDATE strapi_core_store_settings SET value = ? WHERE key = 'strapi_content_types_schema'`).run(JSON.stringify(schema));
      db.prepare(`DELETE FROM strapi_core_store_settings WHERE key IN ('core_demo-seed_arabic-demo', 'core_admin-roles_editor-roles-locales-v1')`).run();
    })();
  } finally {
    db.close();
  }
}

function rowsOf(file: string): Record<string, number> {
  const db = new Database(file, { readonly: true });
  try {
    return Object.fromEntries(TABLES.map((table) => [table, (db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE locale IS NULL OR locale = 'en'`).get() as { n: number }).n]));
  } finally {
    db.close();
  }
}

describe.skipIf(process.env.TEST_DB_CLIENT === 'postgres')('upgrading a database made before the Arabic site', () => {
  const database = sqliteFile();
  const env = { ...baseEnvironment(), ...TEST_SECRETS, ...database.env, NODE_ENV: 'production', SEED_DEMO: 'true', LOG_LEVEL: 'warn', PUBLIC_URL: 'http://cms.test.local' };
  const english: Record<string, string> = {};
  const recorded: Record<string, { plain: string; en: string }> = {};
  let englishRows: Record<string, number>;

  beforeAll(async () => {
    const first = await startAppProcess(env);
    const agent = supertest(`http://127.0.0.1:${first.port}`);
    for (const page of PAGES) english[page] = (await agent.get(page)).text;
    for (const route of Object.keys(RECORDED)) {
      const withLocale = `${route}${route.includes('?') ? '&' : '?'}locale=en`;
      recorded[route] = { plain: (await agent.get(route)).text, en: (await agent.get(withLocale)).text };
    }
    await first.stop();
    asBeforeArabic(database.env.DATABASE_FILENAME);
    englishRows = rowsOf(database.env.DATABASE_FILENAME);
  }, 180_000);

  afterAll(() => database.remove());

  it('answers in English the bytes the service sent before the Arabic site, with and without locale=en', () => {
    for (const [route, before] of Object.entries(RECORDED)) {
      expect(withoutLaterFields(route, withoutUploadSuffix(recorded[route].plain)), route).toBe(before);
      expect(recorded[route].en, route).toBe(recorded[route].plain);
    }
  });

  it('keeps every record, as English, answers the same English bytes, and adds the Arabic', async () => {
    const upgraded = await startAppProcess(env);
    try {
      const agent = supertest(`http://127.0.0.1:${upgraded.port}`);
      for (const page of PAGES) expect((await agent.get(page)).text, page).toBe(english[page]);
      expect(rowsOf(database.env.DATABASE_FILENAME)).toEqual(englishRows);
      const db = new Database(database.env.DATABASE_FILENAME, { readonly: true });
      for (const table of TABLES) expect(db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE locale IS NULL`).get(), table).toEqual({ n: 0 });
      // Arabic is a locale editors can pick again.
      expect((db.prepare('SELECT code FROM i18n_locale ORDER BY code').all() as Array<{ code: string }>).map((row) => row.code)).toEqual(['ar', 'en']);
      db.close();
      const arabic = await agent.get('/api/v1/luxury?locale=ar');
      expect(arabic.status).toBe(200);
      expect(arabic.body.data.hero.title).toMatch(/[\u0600-\u06FF]/);
    } finally {
      await upgraded.stop();
    }
  }, 180_000);
});
