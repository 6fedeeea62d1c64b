/**
 * `is_favorited` on the cards of an answer a buyer reads (pure): a listing's page of cards and an item's
 * answer with its similar items, each card flagged by the favourites of its catalogue (decision 214): the
 * off-plan listing's project cards (`data.properties.data`) by project id, the sale and rent listing's
 * cards (`data.listings.data`) by reference. For a signed-in buyer's copy of an answer made for everyone,
 * never kept (the shared bytes stay as they are).
 */

/** A buyer's favourites of one catalogue, and how its answers name its cards (FavouriteItems.card). */
export interface FavouritedItems {
  card: { key: string; list: string };
  keys: ReadonlySet<string>;
}

/** A buyer's favourites, catalogue by catalogue in the registry's order. */
export type Favourited = readonly FavouritedItems[];

type Card = Record<string, unknown> & { id?: unknown; is_favorited?: boolean };

interface Answer {
  data?: Card & { similar?: Card[] };
}

/**
 * The catalogue of a card: the one whose card key it carries, later catalogues first (every card carries
 * an `id`, the first catalogue's key; a listing's card also its `reference`).
 */
function catalogueOf(card: Card, favourited: Favourited): FavouritedItems | undefined {
  for (let at = favourited.length - 1; at >= 0; at -= 1) if (card[favourited[at].card.key] !== undefined) return favourited[at];
  return undefined;
}

const isFavourited = (card: Card, favourited: Favourited) => {
  const items = catalogueOf(card, favourited);
  return items ? items.keys.has(String(card[items.card.key])) : false;
};

export function withFavoriteFlags(body: Buffer, favourited: Favourited): Buffer {
  const answer = JSON.parse(body.toString('utf8')) as Answer;
  const { data } = answer;
  const cards = favourited.map(({ card }) => (data?.[card.list] as { data?: Card[] } | undefined)?.data).find((list) => list !== undefined && list !== null);
  const flag = (card: Card) => (card.is_favorited = isFavourited(card, favourited));
  if (Array.isArray(cards)) cards.forEach(flag);
  else if (data && data.id !== undefined) {
    flag(data);
    (data.similar ?? []).forEach(flag);
  }
  return Buffer.from(JSON.stringify(answer));
}
