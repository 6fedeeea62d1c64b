/**
 * A catalogue's page answer as bytes (decision 219): the envelope around the catalogue's own blocks and
 * the page of cards every catalogue's answer has (`{"total":…,"per_page":…,"current_page":…,
 * "total_pages":…,"data":[cards]}`), the cards joined as the bytes their views keep, and the facets'
 * counts written from prefixes serialised once. What a request serialises is written as text, adjacent
 * texts encoded together; what was serialised before is joined as it is: no card is parsed or
 * serialised again.
 */
import type { EncodedEnvelope } from '../../envelope';
import type { LatLng } from '../geo-query';
import { distanceKm, type CatalogueGeo } from '../map-layer';

const COMMA = Buffer.from(',');

/** The page a query asks for, and how many items it matched. */
export interface PageNumbers {
  total: number;
  perPage: number;
  page: number;
}

/** The number of the last page (1 when nothing matched). */
export const lastPage = ({ total, perPage }: PageNumbers): number => Math.max(1, Math.ceil(total / perPage));

/** The cards of a page: its items' positions, each one's bytes, and `near` when each carries its distance from it. */
export interface PageCards {
  positions: readonly number[];
  card(position: number): Buffer;
  geo: CatalogueGeo;
  near: LatLng | undefined;
}

/** An answer in the success envelope, written in order. */
export class AnswerBytes {
  private readonly parts: Buffer[];
  private pending = '';

  constructor(private readonly envelope: EncodedEnvelope) {
    this.parts = [envelope.head];
  }

  /** JSON serialised now. */
  text(json: string): this {
    this.pending += json;
    return this;
  }

  /** JSON serialised before. */
  bytes(json: Buffer): this {
    if (this.pending) {
      this.parts.push(Buffer.from(this.pending));
      this.pending = '';
    }
    this.parts.push(json);
    return this;
  }

  /**
   * `"<field>":{"total":…,"data":[…]}`, each card with its `distance_km` when the query is `near` a
   * place (decision 122: the card's own bytes, its closing brace moved).
   */
  page(field: string, numbers: PageNumbers, { positions, card, geo, near }: PageCards): this {
    this.text(`"${field}":{"total":${numbers.total},"per_page":${numbers.perPage},"current_page":${numbers.page},"total_pages":${lastPage(numbers)},"data":[`);
    positions.forEach((position, i) => {
      if (i > 0) {
        if (this.pending) this.pending += ',';
        else this.parts.push(COMMA);
      }
      const bytes = card(position);
      if (near) this.bytes(bytes.subarray(0, -1)).text(`,"distance_km":${distanceKm(geo, near, position)}}`);
      else this.bytes(bytes);
    });
    return this.text(']}');
  }

  /** The answer's bytes. */
  done(): Buffer {
    if (this.pending) this.parts.push(Buffer.from(this.pending));
    this.parts.push(this.envelope.tail);
    return Buffer.concat(this.parts);
  }
}

/** A facet's name and its options, in the order the answer writes them. */
export type FacetGroup = readonly [name: string, options: readonly string[]];

/**
 * `{"<facet>":{"<option>":count,…},…}` of the counts by facet (each in its options' order), the keys
 * serialised once. `keyOrder: 'object'` writes each facet's options as a JavaScript object holds them
 * (the integer-like ones first, ascending), as an answer that serialised an object always has.
 */
export function facetsWriter(groups: readonly FacetGroup[], keyOrder: 'listed' | 'object' = 'listed'): (counts: Readonly<Record<string, ArrayLike<number>>>) => string {
  const written = groups.map(([name, options]) => {
    const order = keyOrder === 'listed' ? options.map((_, i) => i) : Object.values(Object.fromEntries(options.map((option, i) => [option, i])));
    return { name, order, open: `${JSON.stringify(name)}:{`, keys: order.map((i) => `${JSON.stringify(options[i])}:`) };
  });
  return (counts) => `{${written.map(({ name, order, open, keys }) => open + keys.map((key, at) => key + counts[name][order[at]]).join(',') + '}').join(',')}}`;
}
