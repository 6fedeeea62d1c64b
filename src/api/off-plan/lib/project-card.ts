/** A project's card: the listing's, the map's and a buyer's favourites' (decisions 20, 108-109). */
import { perLocale, type Locale } from '../../../lib/locale';
import type { NormalisedProject } from '../../../plugins/extsource/server/src/public';
import { cardPage, withDeveloperSlug } from './project-pages';

/** The card fields of the contract (and decision 20), in the contract's order. */
export function card(project: NormalisedProject) {
  return {
    id: project.id,
    ref_no: project.ref_no,
    name: project.name,
    location: project.location,
    developer: project.developer,
    bedrooms: project.bedrooms,
    price: project.price,
    completion: project.completion,
    image: project.image,
    images: project.images,
    state_id: project.state_id,
    state_name: project.state_name,
    city: project.city,
    community: project.community,
    community_id: project.community_id,
    sub_community: project.sub_community,
    category: project.category,
    status: project.status,
    agent: project.agent,
    badge: project.badge,
    address: project.address,
    specs: project.specs,
  };
}

/** A listing card: the card fields (its developer's slug as kept), then the project's slug and page (decisions 108-109). */
export const listingCard = (project: NormalisedProject, slug: string, locale: Locale, developers?: ReadonlyMap<number, string>) => ({
  ...card(withDeveloperSlug(project, developers)),
  ...cardPage(slug, locale),
});

/** A card's bytes as made for one project object, with the page URL (its slug, the site's paths) and developer slug they name. */
interface MadeCard {
  canonicalUrl: string;
  developerSlug: string | undefined;
  bytes: Buffer;
}
const madeCards = perLocale(() => new WeakMap<NormalisedProject, MadeCard>());

/**
 * The listing card, serialised and UTF-8 encoded: made once per project object and locale while its
 * page URL (its slug, the site's CLIENT_URL and SITE_PATHS) and its developer's slug hold. A refresh
 * keeps the objects of the projects the provider did not change (decision 241), so the indexes of a new
 * collection serialise the new and changed projects' cards alone (decision 242).
 */
export function listingCardBytes(project: NormalisedProject, slug: string, locale: Locale, developers?: ReadonlyMap<number, string>): Buffer {
  const developerSlug = developers?.get(project.developer.id);
  const { canonical_url: canonicalUrl } = cardPage(slug, locale);
  const kept = madeCards[locale].get(project);
  if (kept && kept.canonicalUrl === canonicalUrl && kept.developerSlug === developerSlug) return kept.bytes;
  const bytes = Buffer.from(JSON.stringify(listingCard(project, slug, locale, developers)));
  madeCards[locale].set(project, { canonicalUrl, developerSlug, bytes });
  return bytes;
}
