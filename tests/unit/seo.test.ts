import { describe, expect, it } from 'vitest';
import { firstThatFits, keywordList, seoExtras, seoOver, withinLength } from '../../src/lib/seo';
import { derivedDeveloperSeo, derivedProjectSeo, projectSeo } from '../../src/api/off-plan/lib/project-seo';
import { developerAnswer, projectCountOf } from '../../src/api/off-plan/lib/developer-answer';
import { projectIn } from '../../src/api/off-plan/lib/project-locale';
import { surrogateKeysOf } from '../../src/lib/http-caching';
import type { NormalisedProject } from '../../src/plugins/extsource/server/src/public';

const length = (text: string) => [...text].length;
const image = (file: { url?: string | null } | null | undefined) => (file?.url ? `https://cms.example${file.url}` : null);

function project(patch: Partial<NormalisedProject> = {}): NormalisedProject {
  return {
    id: '3000', ref_no: 'R1', name: 'Marina Vista', location: 'Dubai Marina, Dubai',
    developer: { id: 7, name: 'Emaar Properties', slug: 'emaar-properties', logo: 'https://img.example/emaar.png' },
    bedrooms: { label: '1 - 3 Bedrooms', types: ['1', '3'] },
    price: { starting_from: 1_200_000, formatted: 'AED 1.2M', currency: 'AED' },
    completion: { date: 'Q4 2027', year: '2027' }, image: 'https://img.example/vista.jpg', images: [],
    state_id: 'DU', state_name: 'Dubai', city: 'Dubai', community: 'Dubai Marina', community_id: '1', sub_community: '',
    category: 'Apartment', status: 'Off-Plan', agent: { name: '', phone: '' }, badge: '', address: '', specs: { beds: '', bathrooms: '', area: '' },
    description: '', apartments: [], facilities: [], coordinates: null, gallery: [], payment_plans: [], completion_sort: null,
    ...patch,
  } as NormalisedProject;
}

const LONG_ENGLISH = 'The Residences at the Grand Waterfront Marina Promenade Collection Phase Two';
const LONG_ARABIC = 'مساكن الواجهة البحرية الكبرى في مجموعة ممشى المارينا الفاخرة المرحلة الثانية الجديدة';

describe('withinLength', () => {
  it('keeps a text that fits, whole', () => {
    expect(withinLength('Marina Vista by Emaar', 60)).toBe('Marina Vista by Emaar');
  });

  it('cuts a longer one after a whole word, with an ellipsis, within the limit', () => {
    const cut = withinLength(LONG_ENGLISH, 40);
    expect(length(cut)).toBeLessThanOrEqual(40);
    expect(cut).toBe('The Residences at the Grand Waterfront…');
    expect(LONG_ENGLISH.startsWith(cut.slice(0, -1))).toBe(true);
    expect(LONG_ENGLISH[cut.length - 1]).toBe(' ');
  });

  it('cuts Arabic on a word too, and drops a comma left at the end', () => {
    const cut = withinLength(LONG_ARABIC, 30);
    expect(length(cut)).toBeLessThanOrEqual(30);
    expect(LONG_ARABIC.split(' ')).toEqual(expect.arrayContaining(cut.slice(0, -1).split(' ')));
    expect(withinLength('one, two three', 10)).toBe('one, two…');
    expect(withinLength('one two, three', 10)).toBe('one two…');
  });

  it('cuts inside a single word only when no word fits whole', () => {
    expect(withinLength('Supercalifragilistic', 10)).toBe('Supercali…');
  });
});

describe('firstThatFits', () => {
  it('takes the most informative wording that fits whole, else cuts the last', () => {
    expect(firstThatFits(['a long wording', 'short'], 10)).toBe('short');
    expect(firstThatFits(['a long wording', 'still too long'], 10)).toBe('still too…');
  });
});

describe('keywordList and seoExtras', () => {
  it('splits on Latin and Arabic commas and lines, trims, drops blanks and repeats', () => {
    expect(keywordList(' sea view,marina ,, sea view\nvilla، فيلا ')).toEqual(['sea view', 'marina', 'villa', 'فيلا']);
    expect(keywordList(null)).toEqual([]);
  });

  it('gives the added fields in their fixed shape, empty or written', () => {
    expect(seoExtras(null, image)).toEqual({ canonical_url: null, og_image: null, noindex: false, keywords: [] });
    expect(seoExtras({ canonical_url: ' https://x.example/a ', og_image: { url: '/uploads/a.jpg' }, noindex: true, keywords: 'a, b' }, image)).toEqual({
      canonical_url: 'https://x.example/a', og_image: 'https://cms.example/uploads/a.jpg', noindex: true, keywords: ['a', 'b'],
    });
  });
});

describe("a project's derived SEO", () => {
  it('names the project, developer, community and starting price, in English', () => {
    const seo = derivedProjectSeo(project(), 'en');
    expect(seo.meta_title).toBe('Marina Vista by Emaar Properties in Dubai Marina');
    expect(seo.meta_description).toBe('Marina Vista, off-plan by Emaar Properties in Dubai Marina, Dubai. From AED 1.2M, handover Q4 2027. Payment plans, floor plans and availability.');
    expect(seo).toMatchObject({ canonical_url: null, og_image: 'https://img.example/vista.jpg', noindex: false, keywords: ['Marina Vista', 'Emaar Properties', 'Dubai Marina', 'Dubai'] });
  });

  it('in Arabic, from the project as Arabic shows it', () => {
    const shown = projectIn(project({ translations: { ar: { name: 'مارينا فيستا', community: 'دبي مارينا', city: 'دبي' } } } as never), 'ar');
    const seo = derivedProjectSeo(shown, 'ar');
    expect(seo.meta_title).toBe('مارينا فيستا من Emaar Properties في دبي مارينا');
    expect(seo.meta_description).toContain('مشروع على الخريطة');
    expect(seo.meta_description).toContain('الأسعار تبدأ من AED 1.2M');
    expect(seo.meta_description).toContain('التسليم الربع الرابع 2027');
  });

  it('stays within 60 and 160 characters with long English and Arabic names, cut on a word', () => {
    const longDeveloper = { id: 7, name: 'Emaar Properties Development and Investment Holding Company', slug: 'e', logo: '' };
    for (const [name, locale] of [[LONG_ENGLISH, 'en'], [LONG_ARABIC, 'ar']] as const) {
      const seo = derivedProjectSeo(project({ name, developer: longDeveloper, community: name }), locale);
      expect(length(seo.meta_title), seo.meta_title).toBeLessThanOrEqual(60);
      expect(length(seo.meta_description), seo.meta_description).toBeLessThanOrEqual(160);
      for (const text of [seo.meta_title, seo.meta_description]) {
        if (text.endsWith('…')) expect(`${name} ${longDeveloper.name}`.split(' ')).toContain(text.slice(0, -1).split(' ').at(-1)!.replace(/[,،]$/, ''));
      }
    }
    // A shorter wording that fits whole is preferred to cutting a longer one.
    expect(derivedProjectSeo(project({ community: LONG_ENGLISH }), 'en').meta_title).toBe('Marina Vista by Emaar Properties');
  });

  it('says "Price on request" without "From", and leaves out what the data lacks', () => {
    const seo = derivedProjectSeo(project({ price: { starting_from: null, formatted: 'Price on request', currency: 'AED' }, developer: { id: 0, name: '', slug: '', logo: '' }, community: '', completion: { date: '', year: '' }, image: '' }), 'en');
    expect(seo.meta_title).toBe('Marina Vista');
    expect(seo.meta_description).toBe('Marina Vista, off-plan in Dubai. Price on request. Payment plans, floor plans and availability.');
    expect(seo.og_image).toBeNull();
  });

  it("an editor's override wins field by field; empty fields stay derived", () => {
    const derived = derivedProjectSeo(project(), 'en');
    const seo = projectSeo(project(), 'en', { meta_title: 'Own title', meta_description: '  ', og_image: { url: '/uploads/o.jpg' }, noindex: true, keywords: '' }, image);
    expect(seo).toEqual({ ...derived, meta_title: 'Own title', og_image: 'https://cms.example/uploads/o.jpg', noindex: true });
    expect(projectSeo(project(), 'en', undefined, image)).toEqual(derived);
    expect(seoOver(derived, null, image)).toEqual(derived);
  });
});

describe("a developer's answer", () => {
  const developer = project().developer;

  it('counts its projects and derives its SEO in each language', () => {
    const projects = [project(), project({ id: '2' }), project({ id: '3', developer: { ...developer, id: 8 } })];
    expect(projectCountOf(developer, projects)).toBe(2);
    const answer = developerAnswer(developer, 2, 'en', undefined, image);
    expect(answer).toMatchObject({ id: 7, name: 'Emaar Properties', slug: 'emaar-properties', logo: developer.logo, project_count: 2 });
    expect(answer.seo.meta_title).toBe('Emaar Properties: off-plan projects in the UAE');
    expect(answer.seo.meta_description).toBe('2 off-plan projects by Emaar Properties in the UAE: prices, payment plans and handover dates.');
    expect(answer.seo.og_image).toBe(developer.logo);
    expect(derivedDeveloperSeo(developer, 1, 'en').meta_description).toMatch(/^1 off-plan project by/);
    expect(derivedDeveloperSeo(developer, 2, 'ar').meta_title).toBe('Emaar Properties: مشاريع على الخريطة في الإمارات');
    expect(developerAnswer(developer, 2, 'en', { meta_title: 'Emaar' }, image).seo.meta_title).toBe('Emaar');
  });
});

describe('purges', () => {
  it("a project override's or developer page's write purges that project's or developer's answers", async () => {
    await import('../../src/api/off-plan/services/seo-overrides');
    expect(surrogateKeysOf(['project-seo:3000', 'developer-page:emaar'])).toEqual(['project-3000', 'developer-emaar']);
  });
});
