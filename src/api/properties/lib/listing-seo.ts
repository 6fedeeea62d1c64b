/**
 * The search-engine fields of a listing's page as its data gives it, in the request's language (as a
 * project's, decision 113; listings have no editor's override): a title saying what the home is, what it
 * is offered for and where, within 60 characters, and a description of its price and facts within 160,
 * the most informative wording that fits whole, else cut on a word. Pure.
 */
import type { Locale } from '../../../lib/locale';
import type { SeoBlock } from '../../../lib/seo';
import { derivedSeo, joined, LIST_SEPARATOR, phrase } from '../../../lib/catalogue/engine/seo';
import type { ListingCard } from './card';
import type { Listing } from './listing';

interface SeoWords {
  /** "2-bedroom Apartment", "Studio", "Villa": what the home is. */
  home(card: ListingCard): string;
  offered(purpose: Listing['purpose']): string;
  inPlace(place: string): string;
  /** The facts after the title: price, bedrooms, bathrooms, area, furnishing, permit. */
  facts(card: ListingCard): string[];
}

const number = (value: number) => value.toLocaleString('en-US');

const ENGLISH: SeoWords = {
  home: ({ bedrooms, property_type: type }) => {
    if (bedrooms === 'Studio') return type && type !== 'Apartment' ? `Studio ${type}` : 'Studio apartment';
    return joined([bedrooms && `${bedrooms}-bedroom`, type ?? 'home'], ' ');
  },
  offered: (purpose) => (purpose === 'rent' ? 'for rent' : 'for sale'),
  inPlace: (place) => phrase('in', place),
  facts: ({ price, bathrooms, area, furnishing, permit_number: permit }) => [
    price.period === 'year' && price.amount !== null ? `${price.formatted} a year` : price.formatted,
    bathrooms !== null ? `${bathrooms} ${bathrooms === 1 ? 'bathroom' : 'bathrooms'}` : '',
    area.sqft !== null ? `${number(area.sqft)} sq.ft` : '',
    furnishing ?? '',
    permit ? `permit ${permit}` : '',
  ],
};

const ARABIC: SeoWords = {
  home: ({ bedrooms, property_type: type }) => {
    if (bedrooms === 'Studio') return joined([type ?? 'شقة', 'استوديو'], ' ');
    return joined([type ?? 'عقار', bedrooms && (bedrooms === '1' ? 'بغرفة نوم واحدة' : `من ${bedrooms} غرف نوم`)], ' ');
  },
  offered: (purpose) => (purpose === 'rent' ? 'للإيجار' : 'للبيع'),
  inPlace: (place) => phrase('في', place),
  facts: ({ price, bathrooms, area, furnishing, permit_number: permit }) => [
    price.period === 'year' && price.amount !== null ? `${price.formatted} سنويًا` : price.formatted,
    bathrooms !== null ? `الحمامات: ${bathrooms}` : '',
    area.sqft !== null ? `${number(area.sqft)} قدم مربع` : '',
    furnishing ? { furnished: 'مفروش', 'semi-furnished': 'مفروش جزئيًا', unfurnished: 'غير مفروش' }[furnishing] ?? '' : '',
    permit ? `رقم التصريح ${permit}` : '',
  ],
};

const SEO_WORDS: Record<Locale, SeoWords> = { en: ENGLISH, ar: ARABIC };

/** The listing's `seo` in `locale`, from its card there (its title, type and price already in that language). */
export function listingSeo(card: ListingCard, locale: Locale): SeoBlock {
  const words = SEO_WORDS[locale];
  const comma = LIST_SEPARATOR[locale];
  const headline = `${words.home(card)} ${words.offered(card.purpose)}`;
  const titles = [
    `${headline}${words.inPlace(joined([card.community, card.city], comma))}`,
    `${headline}${words.inPlace(card.community || card.city)}`,
    headline,
  ];
  const facts = joined(words.facts(card), comma);
  const place = joined([card.sub_community, card.community, card.city], comma);
  const sentence = `${headline}${words.inPlace(place)}`;
  return derivedSeo({
    titles: titles.map((title) => title.charAt(0).toUpperCase() + title.slice(1)),
    descriptions: [`${card.title}. ${sentence}: ${facts}.`, `${sentence}: ${facts}.`, `${sentence}.`],
    image: card.image,
    keywords: [card.property_type ?? '', card.community, card.sub_community, card.city, card.state_name ?? '', card.reference],
  });
}
