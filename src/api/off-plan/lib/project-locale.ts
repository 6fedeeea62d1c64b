/**
 * A project as the listing shows it in a locale (decisions 54, 56, 57): the provider's own translation
 * of each text where it has one, else the English text; the words the service writes itself (emirate,
 * status, badge and category, bedrooms, size unit, quarter, "Price on request") in that language. Ids,
 * numbers, images and everything else stay as they are. Pure.
 */
import { DEFAULT_LOCALE, type Locale } from '../../../lib/locale';
import type { NormalisedProject, TranslatedLanguage } from '../../../plugins/extsource/server/src/public';
import { LISTING_WORDS, priceLabel } from './listing-words';

export function projectIn(project: NormalisedProject, locale: Locale): NormalisedProject {
  if (locale === DEFAULT_LOCALE) return project;
  const words = LISTING_WORDS[locale];
  const own = project.translations?.[locale as TranslatedLanguage];
  const word = (english: string) => words.cardWords[english] ?? english;
  const emirate = project.state_id ? words.emirate(project.state_id) : '';
  // A project named by its emirate alone (no city given) is named by it in this language too.
  const city = own?.city || (emirate && project.city === LISTING_WORDS.en.emirate(project.state_id as never) ? emirate : project.city);
  const location = own?.location || (project.location === project.city ? city : project.location);
  const bedrooms = words.bedroomsLabel(project.bedrooms.types);
  return {
    ...project,
    name: own?.name || project.name,
    location,
    city,
    community: own?.community || project.community,
    sub_community: own?.sub_community || project.sub_community,
    address: location,
    description: own?.description || project.description,
    badge: own?.badge || word(project.badge),
    state_name: emirate || project.state_name,
    status: word(project.status),
    category: word(project.category),
    bedrooms: { ...project.bedrooms, label: bedrooms },
    specs: { ...project.specs, beds: bedrooms, area: words.area(project.specs.area) },
    price: { ...project.price, formatted: priceLabel(project.price.formatted, project.price.starting_from, locale) },
    completion: { ...project.completion, date: words.completion(project.completion.date) },
  };
}

/** The names a project is found by, in every language it has (the `project_name` search). */
export function namesOf(project: NormalisedProject): string[] {
  return [project.name, ...Object.values(project.translations ?? {}).map((translation) => translation?.name ?? '')].filter(Boolean);
}

/** Its places in every language it has (the `location` search). */
export function placesOf(project: NormalisedProject): string[] {
  const translated = Object.values(project.translations ?? {}).flatMap((translation) =>
    translation ? [translation.city, translation.community, translation.sub_community, translation.name] : []
  );
  return [project.city, project.community, project.sub_community, project.name, ...translated].filter(Boolean);
}
