/**
 * What the off-plan projects' views show (the engine's currency, map and live views, decisions 121, 123,
 * 168, 209): a card's starting price in another currency (a price the provider gave in a currency without
 * a rate is shown as given), every card kept with its view; a marker's id, slug, name, price, image and
 * emirate; the unfiltered map as the project index's own layer; and the completion years and developers
 * a page section's figures add.
 */
import { encodedSuccess } from '../../../lib/envelope';
import { perLocale } from '../../../lib/locale';
import { groupShares, type GroupShare } from '../../../lib/catalogue/figures';
import type { CatalogueViews } from '../../../lib/catalogue/engine/views';
import { formatPrice } from '../../../plugins/extsource/server/src/public';
import { SITE_CURRENCY, type Currency } from '../../catalogues/services/vocabulary';
import { listingCard } from './project-card';
import { selectionOf, type ProjectIndex } from './project-catalogue';
import { LISTING_WORDS, priceLabel } from './listing-words';
import type { Filters } from './query';

const MAP_ENVELOPES = perLocale((locale) => encodedSuccess(LISTING_WORDS[locale].mapMessage));

/** The project's starting price in `currency`, `amount` its converted comparable price (NaN: none). */
function priceIn(index: ProjectIndex, position: number, amount: number, currency: Currency) {
  const { price } = index.projects[position];
  if (price.currency !== SITE_CURRENCY) return price;
  const startingFrom = Number.isNaN(amount) ? null : amount;
  return { starting_from: startingFrom, formatted: priceLabel(formatPrice(startingFrom, currency), startingFrom, index.locale), currency };
}

/** The developers behind some projects, each with its slug as kept. */
const developersOf = (index: ProjectIndex, positions: readonly number[]) =>
  groupShares(positions, (position) => {
    const { developer } = index.projects[position];
    return developer.id ? { id: developer.id, name: developer.name, slug: index.developerSlugs?.get(developer.id) ?? developer.slug } : null;
  });

function completionYearsOf(index: ProjectIndex, positions: readonly number[]): string[] {
  const years = new Set<string>();
  for (const position of positions) {
    const { year } = index.projects[position].completion;
    if (year) years.add(year);
  }
  return [...years].sort();
}

/** What a project page section's figures add. */
interface ProjectFigures {
  completionYears: string[];
  developers: GroupShare[];
}

export const PROJECT_VIEWS: CatalogueViews<ProjectIndex, { filters: Filters }, Currency, ProjectFigures> = {
  siteCurrency: SITE_CURRENCY,
  priceRange: 'price',
  priceField: 'price',
  price: (index, position) => index.projects[position].price,
  priceIn,
  card: (index, position) => listingCard(index.projects[position], index.slugs[position], index.locale, index.developerSlugs),
  cardBytes: (index, position) => index.cardBytes[position],
  selection: ({ filters }, prices) => selectionOf(filters, prices),
  mapEnvelope: (index) => MAP_ENVELOPES[index.locale],
  layerKey: ({ filters }) => (Object.keys(filters).length === 0 ? undefined : JSON.stringify(filters)),
  applied: ({ filters }) => filters,
  marker: {
    id: (index, position) => index.projects[position].id,
    slug: (index, position) => index.slugs[position],
    name: (index, position) => index.projects[position].name,
    price: (_index, _position, price) => price(),
    image: (index, position) => index.projects[position].image,
    state_id: (index, position) => index.projects[position].state_id,
    state_name: (index, position) => index.projects[position].state_name,
  },
  priceOnRequest: (index) => LISTING_WORDS[index.locale].priceOnRequest,
  // Per square foot of the smallest home a project offers, at its starting price.
  sqft: (index, position) => index.projects[position].size_range_sqft?.min ?? null,
  figures: (index, positions) => ({ completionYears: completionYearsOf(index, positions), developers: developersOf(index, positions) }),
};
