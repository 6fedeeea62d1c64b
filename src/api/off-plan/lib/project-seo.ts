/**
 * The search-engine fields of a project's and a developer's page as their data gives them (decision
 * 113), in the request's language, and an editor's override over them: the title within 60 characters
 * and the description within 160, the most informative wording that fits whole, else cut on a word.
 * Prices are the project answer's own (AED, the site's currency: the project route takes no currency).
 * Pure.
 */
import type { Locale } from '../../../lib/locale';
import type { OptionalMediaUrl } from '../../../lib/media';
import { firstThatFits, META_DESCRIPTION_MAX, META_TITLE_MAX, seoOver, type SeoBlock, type SeoRecord } from '../../../lib/seo';
import type { Developer, NormalisedProject } from '../../../plugins/extsource/server/src/public';

interface SeoWords {
  /** Titles, most informative first. */
  projectTitles(name: string, developer: string, community: string): string[];
  projectDescriptions(parts: { name: string; developer: string; place: string; price: string; completion: string }): string[];
  developerTitles(name: string): string[];
  developerDescription(name: string, projects: number): string;
}

const by = (developer: string, word: string) => (developer ? ` ${word} ${developer}` : '');
const inPlace = (place: string, word: string) => (place ? ` ${word} ${place}` : '');

const ENGLISH: SeoWords = {
  projectTitles: (name, developer, community) => [`${name}${by(developer, 'by')}${inPlace(community, 'in')}`, `${name}${by(developer, 'by')}`, name],
  projectDescriptions: ({ name, developer, place, price, completion }) => {
    const facts = [price, completion && `handover ${completion}`].filter(Boolean).join(', ');
    const sentence = `${name}, off-plan${by(developer, 'by')}${inPlace(place, 'in')}`;
    return [`${sentence}.${facts ? ` ${facts}.` : ''} Payment plans, floor plans and availability.`, `${sentence}.${facts ? ` ${facts}.` : ''}`];
  },
  developerTitles: (name) => [`${name}: off-plan projects in the UAE`, `${name}: off-plan projects`, name],
  developerDescription: (name, projects) =>
    `${projects} off-plan ${projects === 1 ? 'project' : 'projects'} by ${name} in the UAE: prices, payment plans and handover dates.`,
};

const ARABIC: SeoWords = {
  projectTitles: (name, developer, community) => [`${name}${by(developer, 'من')}${inPlace(community, 'في')}`, `${name}${by(developer, 'من')}`, name],
  projectDescriptions: ({ name, developer, place, price, completion }) => {
    const facts = [price, completion && `التسليم ${completion}`].filter(Boolean).join('، ');
    const sentence = `${name}، مشروع على الخريطة${by(developer, 'من')}${inPlace(place, 'في')}`;
    return [`${sentence}.${facts ? ` ${facts}.` : ''} خطط الدفع والمخططات والوحدات المتاحة.`, `${sentence}.${facts ? ` ${facts}.` : ''}`];
  },
  developerTitles: (name) => [`${name}: مشاريع على الخريطة في الإمارات`, `${name}: مشاريع على الخريطة`, name],
  developerDescription: (name, projects) => `${projects} من المشاريع على الخريطة من ${name} في الإمارات: الأسعار وخطط الدفع ومواعيد التسليم.`,
};

const SEO_WORDS: Record<Locale, SeoWords> = { en: ENGLISH, ar: ARABIC };

const FROM: Record<Locale, string> = { en: 'From', ar: 'الأسعار تبدأ من' };

const distinct = (values: readonly string[]) => [...new Set(values.map((value) => value.trim()).filter(Boolean))];

/** The project's SEO as its data (already in `locale`, `projectIn`) gives it. */
export function derivedProjectSeo(project: NormalisedProject, locale: Locale): SeoBlock {
  const words = SEO_WORDS[locale];
  const developer = project.developer.name.trim();
  const place = distinct([project.community, project.city]).join(locale === 'ar' ? '، ' : ', ');
  const price = project.price.starting_from ? `${FROM[locale]} ${project.price.formatted}` : project.price.formatted;
  const descriptions = words.projectDescriptions({ name: project.name, developer, place, price, completion: project.completion.date });
  return {
    meta_title: firstThatFits(words.projectTitles(project.name, developer, project.community.trim()), META_TITLE_MAX),
    meta_description: firstThatFits(descriptions, META_DESCRIPTION_MAX),
    canonical_url: null,
    og_image: project.image || null,
    noindex: false,
    keywords: distinct([project.name, developer, project.community, project.city]),
  };
}

/** The project answer's `seo`: the editor's override (published, in `locale`) over the derived one. */
export function projectSeo(project: NormalisedProject, locale: Locale, override: SeoRecord | undefined, image: OptionalMediaUrl): SeoBlock {
  return seoOver(derivedProjectSeo(project, locale), override, image);
}

/** A developer page's SEO as its data gives it: its name and how many projects of the feed are its. */
export function derivedDeveloperSeo(developer: Developer, projects: number, locale: Locale): SeoBlock {
  const words = SEO_WORDS[locale];
  return {
    meta_title: firstThatFits(words.developerTitles(developer.name), META_TITLE_MAX),
    meta_description: firstThatFits([words.developerDescription(developer.name, projects)], META_DESCRIPTION_MAX),
    canonical_url: null,
    og_image: developer.logo || null,
    noindex: false,
    keywords: distinct([developer.name]),
  };
}
