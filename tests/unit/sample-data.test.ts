import fs from 'fs';
import { createRequire } from 'module';
import path from 'path';
import { describe, expect, it } from 'vitest';

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
