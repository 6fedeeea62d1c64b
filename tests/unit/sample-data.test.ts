import fs from 'fs';
import { createRequire } from 'module';
import path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { startFakeReelly as StartFakeReelly } from '../../scripts/fakes/providers';

// Generated records are checked field by field; their shape is the providers', not ours.
type Entry = Record<string, any>;
interface Generated {
  listings: { generated_on: string; sales: Entry[]; rentals: Entry[] };
  projects: { generated_on: string; developers: Entry[]; projects: Entry[]; projects_ar: Entry[] };
}

const requireCjs = createRequire(__filename);
const { generate, UNIT_FIELDS } = requireCjs('../../scripts/generate-sample-data.js') as {
  generate(options: { projects: number; sales: number; rentals: number; today?: string }): Generated;
  UNIT_FIELDS: string[];
};
const { startFakeReelly, REELLY_API_KEY } = requireCjs('../../scripts/fakes/providers.js') as { startFakeReelly: typeof StartFakeReelly; REELLY_API_KEY: string };
const ARABIC = /[\u0600-\u06FF]/;
const dataDir = path.join(__dirname, '..', '..', 'src', 'plugins', 'extsource', 'data');
const committed = (name: string) => JSON.parse(fs.readFileSync(path.join(dataDir, name), 'utf8'));

describe('the sample-data generator', () => {
  const day = '2026-11-22';
  const data = generate({ projects: 130, sales: 160, rentals: 70, today: day });
  const uae = data.projects.projects.filter((project) => project.location.country === 'United Arab Emirates');

  it('is deterministic for a given generation day, and counts its dates from that day', () => {
    expect(generate({ projects: 130, sales: 160, rentals: 70, today: day })).toEqual(data);
    const later = generate({ projects: 130, sales: 160, rentals: 70, today: '2027-05-22' });
    expect(later.projects.projects.map((project) => project.name)).toEqual(data.projects.projects.map((project) => project.name));
    expect(later.projects.projects[0].completion_date).not.toBe(data.projects.projects[0].completion_date);
  });

  it('the committed datasets are what it makes for the day they were made', () => {
    const listings = committed('sample-listings.json');
    const projects = committed('sample-projects.json');
    const again = generate({ projects: 130, sales: 160, rentals: 70, today: projects.generated_on });
    expect(listings.generated_on).toBe(projects.generated_on);
    expect(projects).toEqual(again.projects);
    expect(listings).toEqual(again.listings);
  });

  it('names every project differently, also in a large catalogue', () => {
    expect(new Set(data.projects.projects.map((project) => project.name)).size).toBe(data.projects.projects.length);
    const large = generate({ projects: 2000, sales: 0, rentals: 0, today: day }).projects.projects;
    expect(new Set(large.map((project) => project.name)).size).toBe(large.length);
  });

  it('completes every project after the generation day', () => {
    for (const project of uae) {
      expect(new Date(project.completion_datetime ?? `${project.completion_date.slice(4)}-12-31`).getTime(), project.name).toBeGreaterThan(Date.parse(day));
    }
    for (const unit of data.listings.sales.filter((entry) => entry.HandoverDate !== '')) {
      const [month, dayOfMonth, year] = unit.HandoverDate.split(' ')[0].split('/').map(Number);
      expect(Date.UTC(year, month - 1, dayOfMonth)).toBeGreaterThan(Date.parse(day));
    }
  });

  it('prices unit types higher with more bedrooms, and starts the project at its smallest unit', () => {
    for (const project of uae) {
      const units = project.typical_units as Array<{ bedrooms: number; from_price_aed: number | null; from_size_sqft: number }>;
      for (let index = 1; index < units.length; index += 1) {
        expect(units[index].bedrooms).toBe(units[index - 1].bedrooms + 1);
        expect(units[index].from_size_sqft).toBeGreaterThan(units[index - 1].from_size_sqft);
        if (units[index].from_price_aed !== null) expect(units[index].from_price_aed!, project.name).toBeGreaterThan(units[index - 1].from_price_aed!);
      }
      const minPrice = typeof project.min_price === 'object' ? project.min_price.value : project.min_price;
      if (project.price_currency === 'AED' && minPrice > 0) expect(minPrice).toBe(units[0].from_price_aed);
      expect([project.min_bedrooms, project.max_bedrooms]).toEqual([units[0].bedrooms, units[units.length - 1].bedrooms]);
    }
  });

  it('badges come from the sale status, and payment plans are named by what their steps add up to', () => {
    const labels: Record<string, string> = { on_sale: 'On Sale', presale: 'Presale (EOI)', start_of_sales: 'Start of Sales', out_of_stock: 'Out of Stock', announced: 'Announced' };
    for (const project of uae) {
      expect(project.sale_status_display.en).toBe(labels[project.sale_status]);
      expect(project.sale_status_display.ar).toMatch(ARABIC);
      for (const plan of project.payment_plans) {
        const percentages = plan.steps.map((step: { percentage: number }) => step.percentage);
        expect(percentages.reduce((sum: number, value: number) => sum + value, 0)).toBe(100);
        expect(plan.name.split(' ')[0]).toBe(percentages.join('/'));
      }
    }
  });

  it('writes every Goyzer field on every unit, and some units Blocked', () => {
    expect(UNIT_FIELDS).toHaveLength(70);
    for (const unit of [...data.listings.sales, ...data.listings.rentals]) expect(Object.keys(unit)).toEqual(UNIT_FIELDS);
    expect(data.listings.sales.filter((unit) => unit.Status === 'Blocked')).toHaveLength(4);
  });

  it('has the Arabic of every UAE project, as Reelly answers with language=ar, and none for projects abroad', () => {
    const arabic = new Map(data.projects.projects_ar.map((entry) => [entry.id, entry]));
    expect(arabic.size).toBe(uae.length);
    for (const project of uae) {
      const texts = arabic.get(project.id)!;
      for (const text of [texts.name, texts.short_description, texts.overview, texts.location.city, texts.location.district, texts.location.sector]) expect(text, project.name).toMatch(ARABIC);
      expect(texts.name).not.toBe(project.name);
    }
    for (const project of data.projects.projects.filter((entry) => !uae.includes(entry))) expect(arabic.has(project.id)).toBe(false);
    // Derived from what was drawn, drawing nothing: the English of the shipped data is what it was.
    expect(uae[0].name).toBe('Opal Court');
    expect(arabic.get(uae[0].id)!.name).toBe('ساحة أوبال');
  });

  it('puts a few projects abroad among the others (the catalogue is international)', () => {
    expect(data.projects.projects.length - uae.length).toBe(6);
  });
});

describe('the shipped sample data in Arabic', () => {
  const projects = committed('sample-projects.json') as Generated['projects'];
  const uae = projects.projects.filter((project) => project.location.country === 'United Arab Emirates');

  it('has a projects_ar entry for every UAE project, with an Arabic name, district and city', () => {
    const arabic = new Map(projects.projects_ar.map((entry) => [entry.id, entry]));
    expect(uae).toHaveLength(130);
    for (const project of uae) {
      const texts = arabic.get(project.id);
      expect(texts, project.name).toBeDefined();
      expect(texts!.name, project.name).toMatch(ARABIC);
      expect(texts!.location.district, project.name).toMatch(ARABIC);
      expect(texts!.location.city, project.name).toMatch(ARABIC);
      // Only the fields that differ by language; `region` only where the English names it (not an id).
      expect(Object.keys(texts!).sort()).toEqual(['id', 'location', 'name', 'overview', 'short_description']);
      expect('region' in texts!.location).toBe(typeof project.location.region === 'string');
      expect(texts!.overview).toMatch(/^<p>.*<\/p><ul>(<li>[^<]+<\/li>)+<\/ul>$/);
    }
    expect(projects.projects_ar).toHaveLength(uae.length);
  });

  it('gives every project sale_status_display as { en, ar }, both non-empty', () => {
    for (const project of projects.projects) {
      expect(Object.keys(project.sale_status_display).sort(), project.name).toEqual(['ar', 'en']);
      expect(project.sale_status_display.en, project.name).toMatch(/^[A-Za-z][A-Za-z ()]+$/);
      expect(project.sale_status_display.ar, project.name).toMatch(ARABIC);
    }
  });
});

describe('the fake Reelly with language=ar', () => {
  const data = generate({ projects: 30, sales: 0, rentals: 0, today: '2026-11-22' }).projects;
  let reelly: Awaited<ReturnType<typeof StartFakeReelly>>;
  const get = async (pathAndQuery: string) => {
    const res = await fetch(`${reelly.url}${pathAndQuery}`, { headers: { 'x-api-key': REELLY_API_KEY } });
    expect(res.status).toBe(200);
    return (await res.json()) as Entry;
  };
  const arabicOf = (id: unknown) => data.projects_ar.find((entry) => entry.id === id)!;

  beforeAll(async () => {
    reelly = await startFakeReelly();
    Object.assign(reelly.state, { projects: data.projects, projectsAr: data.projects_ar, developers: data.developers });
  });
  afterAll(() => reelly.close());

  it('answers a project in Arabic: its Arabic texts over the English record, location merged key by key', async () => {
    const english = data.projects[0];
    const arabic = arabicOf(english.id);
    const answer = await get(`/projects/${english.id}?language=ar`);
    expect(answer).toEqual({ ...english, ...arabic, location: { ...english.location, ...arabic.location } });
    expect(answer.location).toMatchObject({ country: 'United Arab Emirates', district_id: english.location.district_id, latitude: english.location.latitude, district: arabic.location.district });
    expect(answer.sale_status_display).toEqual(english.sale_status_display);
    // Without language, or with language=en, the same English record.
    expect(await get(`/projects/${english.id}`)).toEqual(english);
    expect(await get(`/projects/${english.id}?language=en`)).toEqual(english);
    expect(reelly.state.requests.at(-3)!.query.get('language')).toBe('ar');
  });

  it('keeps a region given as an id, and answers a project without Arabic (abroad) in English', async () => {
    const byId = data.projects.find((project) => typeof project.location.region === 'number')!;
    expect((await get(`/projects/${byId.id}?language=ar`)).location.region).toBe(byId.location.region);
    const abroad = data.projects.find((project) => project.location.country !== 'United Arab Emirates')!;
    expect(await get(`/projects/${abroad.id}?language=ar`)).toEqual(abroad);
  });

  it('lists the projects in Arabic, with the same fields as the English list (no detail fields)', async () => {
    const [english, arabic] = await Promise.all([get('/projects?limit=100'), get('/projects?limit=100&language=ar')]);
    expect(arabic.count).toBe(english.count);
    expect(arabic.results.map((entry: Entry) => entry.id)).toEqual(english.results.map((entry: Entry) => entry.id));
    arabic.results.forEach((entry: Entry, index: number) => {
      const englishEntry = english.results[index];
      expect(Object.keys(entry)).toEqual(Object.keys(englishEntry));
      expect(entry).not.toHaveProperty('overview');
      const texts = data.projects_ar.find((candidate) => candidate.id === entry.id);
      expect(entry.name).toBe(texts ? texts.name : englishEntry.name);
      expect(entry.short_description).toBe(texts ? texts.short_description : englishEntry.short_description);
      expect(entry.min_price).toEqual(englishEntry.min_price);
    });
  });

  it('still answers the documented shape with language=ar', async () => {
    reelly.state.shape = 'documented';
    try {
      const english = data.projects[0];
      const answer = await get(`/projects/${english.id}?language=ar`);
      expect(answer.name).toBe(arabicOf(english.id).name);
      expect(answer.sale_status).toBe(english.sale_status_display.en);
      expect((await get('/projects?language=ar')).results[0]).not.toHaveProperty('description');
    } finally {
      reelly.state.shape = 'observed';
    }
  });
});
