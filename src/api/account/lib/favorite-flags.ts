/**
 * `is_favorited` on the cards of an answer a buyer reads (pure): the off-plan listing's project cards
 * (`data.properties.data`) and a project answer with its similar projects, by project id; the sale and
 * rent listing's cards (`data.listings.data`) and a listing's answer with its similar listings, by
 * reference. For a signed-in buyer's copy of an answer made for everyone, never kept (the shared bytes
 * stay as they are).
 */
export interface Favourited {
  projects: ReadonlySet<string>;
  listings: ReadonlySet<string>;
}

interface Card {
  id?: unknown;
  reference?: unknown;
  is_favorited?: boolean;
}

interface Answer {
  data?: Card & { properties?: { data?: Card[] }; listings?: { data?: Card[] }; similar?: Card[] };
}

/** A listing's cards carry its reference; a project's do not. */
const isFavourited = (card: Card, favourited: Favourited) =>
  card.reference !== undefined ? favourited.listings.has(String(card.reference)) : favourited.projects.has(String(card.id));

export function withFavoriteFlags(body: Buffer, favourited: Favourited): Buffer {
  const answer = JSON.parse(body.toString('utf8')) as Answer;
  const { data } = answer;
  const cards = data?.properties?.data ?? data?.listings?.data;
  const flag = (card: Card) => (card.is_favorited = isFavourited(card, favourited));
  if (Array.isArray(cards)) cards.forEach(flag);
  else if (data && data.id !== undefined) {
    flag(data);
    (data.similar ?? []).forEach(flag);
  }
  return Buffer.from(JSON.stringify(answer));
}
