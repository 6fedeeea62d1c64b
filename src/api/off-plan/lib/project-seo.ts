/**
 * The search-engine fields of a project's and a developer's page as their data gives them (decision
 * 113), in the request's language, and an editor's override over them: the title within 60 characters
 * and the description within 160, the most informative wording that fits whole, else cut on a word.
 * Prices are the project answer's own (AED, the site's currency: the project route takes no currency).
 * Pure.
 */
import type { Locale } from '../../../lib/locale';
import type { OptionalMediaUrl } from '../../../lib/media';
import { seoOver, type SeoBlock, type SeoRecord } from '../../../lib/seo';
import { derivedSeo, distinct, LIST_SEPARATOR, phrase } from '../../../lib/catalogue/engine/seo';
import type { Developer, NormalisedProject } from '../../../plugins/extsource/server/src/public';

interface SeoWords {
  /** Titles, most informative first. */
  projectTitles(name: string, developer: string, community: string): string[];
  projectDescriptions(parts: { name: string; developer: string; place: string; price: string; completion: string }): string[];
  developerTitles(name: string): string[];
  developerDescription(name: string, projects: number): string;
}

const ENGLISH: SeoWords = {
  projectTitles: (name, developer, community) => [`${name}${phrase('by', developer)}${phrase('in', community)}`, `${name}${phrase('by', developer)}`, name],
  projectDescriptions: ({ name, developer, place, price, completion }) => {
    const facts = [price, completion && `handover ${completion}`].filter(Boolean).join(', ');
    const sentence = `${name}, off-plan${phrase('by', developer)}${phrase('in', place)}`;
    return [`${sentence}.${facts ? ` ${facts}.` : ''} Payment plans, floor plans and availability.`, `${sentence}.${facts ? ` ${facts}.` : ''}`];
  },
  developerTitles: (name) => [`${name}: off-plan projects in the UAE`, `${name}: off-plan projects`, name],
  developerDescription: (name, projects) =>
    `${projects} off-plan ${projects === 1 ? 'project' : 'projects'} by ${name} in the UAE: prices, payment plans and handover dates.`,
};

const ARABIC: SeoWords = {
  projectTitles: (name, developer, community) => [`${name}${phrase('من', developer)}${phrase('في', community)}`, `${name}${phrase('من', developer)}`, name],
  projectDescriptions: ({ name, developer, place, price, completion }) => {
    const facts = [price, completion && `التسليم ${completion}`].filter(Boolean).join('، ');
    const sentence = `${name}، مشروع على الخريطة${phrase('من', developer)}${phrase('في', place)}`;
    return [`${sentence}.${facts ? ` ${facts}.` : ''} خطط الدفع والمخططات والوحدات المتاحة.`, `${sentence}.${facts ? ` ${facts}.` : ''}`];
  },
  developerTitles: (name) => [`${name}: مشاريع على الخريطة في الإمارات`, `${name}: مشاريع على الخريطة`, name],
  developerDescription: (name, projects) => `${projects} من المشاريع على الخريطة من ${name} في الإمارات: الأسعار وخطط الدفع ومواعيد التسليم.`,
};

const SEO_WORDS: Record<Locale, SeoWords> = { en: ENGLISH, ar: ARABIC };

const FROM: Record<Locale, string> = { en: 'From', ar: 'الأسعار تبدأ من' };

/** The project's SEO as its data (already in `locale`, `projectIn`) gives it. */
export function derivedProjectSeo(project: NormalisedProject, locale: Locale): SeoBlock {
  const words = SEO_WORDS[locale];
  const developer = project.developer.name.trim();
  const place = distinct([project.community, project.city]).join(LIST_SEPARATOR[locale]);
  const price = project.price.starting_from ? `${FROM[locale]} ${project.price.formatted}` : project.price.formatted;
  return derivedSeo({
    titles: words.projectTitles(project.name, developer, project.community.trim()),
    descriptions: words.projectDescriptions({ name: project.name, developer, place, price, completion: project.completion.date }),
    image: project.image || null,
    keywords: [project.name, developer, project.community, project.city],
  });
}

/** The project answer's `seo`: the editor's override (published, in `locale`) over the derived one. */
export function projectSeo(project: NormalisedProject, locale: Locale, override: SeoRecord | undefined, image: OptionalMediaUrl): SeoBlock {
  return seoOver(derivedProjectSeo(project, locale), override, image);
}

/** A developer page's SEO as its data gives it: its name and how many projects of the feed are its. */
export function derivedDeveloperSeo(developer: Developer, projects: number, locale: Locale): SeoBlock {
  const words = SEO_WORDS[locale];
  return derivedSeo({
    titles: words.developerTitles(developer.name),
    descriptions: [words.developerDescription(developer.name, projects)],
    image: developer.logo || null,
    keywords: [developer.name],
  });
}
