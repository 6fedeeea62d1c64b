/**
 * `is_favorited` on the cards of a listing answer, or on a project answer and its similar projects'
 * cards (pure): for a signed-in buyer's copy of an answer made for everyone, never kept (the shared
 * bytes stay as they are).
 */
interface Flaggable {
  id?: unknown;
  is_favorited?: boolean;
}

interface Answer {
  data?: Flaggable & { properties?: { data?: Flaggable[] }; similar?: Flaggable[] };
}

export function withFavoriteFlags(body: Buffer, isFavorited: (projectId: string) => boolean): Buffer {
  const answer = JSON.parse(body.toString('utf8')) as Answer;
  const { data } = answer;
  const cards = data?.properties?.data;
  if (Array.isArray(cards)) for (const card of cards) card.is_favorited = isFavorited(String(card.id));
  else if (data && data.id !== undefined) {
    data.is_favorited = isFavorited(String(data.id));
    for (const card of data.similar ?? []) card.is_favorited = isFavorited(String(card.id));
  }
  return Buffer.from(JSON.stringify(answer));
}
