/**
 * The catalogue engine's page answer (decision 219): the envelope around a catalogue's own blocks and
 * the page of cards, joined as bytes, and the facets' counts as both catalogues' answers write them.
 */
import { describe, expect, it } from 'vitest';
import { encodedSuccess } from '../../src/lib/envelope';
import { AnswerBytes, facetsWriter, lastPage } from '../../src/lib/catalogue/engine/page-answer';
import type { CatalogueGeo } from '../../src/lib/catalogue/map-layer';

const CARDS = [Buffer.from('{"id":"a"}'), Buffer.from('{"id":"b"}'), Buffer.from('{"id":"c"}')];
const noGeo = {} as CatalogueGeo;

describe('the page answer', () => {
  it('joins the catalogue\'s own blocks, the page of cards and the envelope as one JSON', () => {
    const bytes = new AnswerBytes(encodedSuccess('Found'))
      .text('{"head":1,"kept":')
      .bytes(Buffer.from('{"x":[1,2]}'))
      .text(',')
      .page('items', { total: 25, perPage: 2, page: 3 }, { positions: [2, 0], card: (position) => CARDS[position], geo: noGeo, near: undefined })
      .text(',"tail":true}')
      .done();
    expect(bytes.toString()).toBe(
      '{"data":{"head":1,"kept":{"x":[1,2]},"items":{"total":25,"per_page":2,"current_page":3,"total_pages":13,"data":[{"id":"c"},{"id":"a"}]},"tail":true},"success":true,"status_code":200,"message":"Found"}'
    );
  });

  it('writes an empty page and counts one page when nothing matched', () => {
    expect(lastPage({ total: 0, perPage: 12, page: 1 })).toBe(1);
    const bytes = new AnswerBytes({ head: Buffer.from('['), tail: Buffer.from(']') }).text('{').page('items', { total: 0, perPage: 12, page: 1 }, { positions: [], card: () => Buffer.alloc(0), geo: noGeo, near: undefined }).text('}').done();
    expect(JSON.parse(bytes.toString())).toEqual([{ items: { total: 0, per_page: 12, current_page: 1, total_pages: 1, data: [] } }]);
  });

  it("writes each facet's options in their order, or in an object's (integer-like keys first) as an answer that serialised one", () => {
    const groups = [['bedrooms', ['Studio', '1', '2', '5+']], ['type', ['Villa', 'Flat']]] as const;
    const counts = { bedrooms: [4, 3, 2, 1], type: [7, 0] };
    expect(facetsWriter(groups)(counts)).toBe('{"bedrooms":{"Studio":4,"1":3,"2":2,"5+":1},"type":{"Villa":7,"Flat":0}}');
    const asObject = Object.fromEntries(groups.map(([name, options]) => [name, Object.fromEntries(options.map((option, i) => [option, counts[name][i]]))]));
    expect(facetsWriter(groups, 'object')(counts)).toBe(JSON.stringify(asObject));
    expect(facetsWriter(groups, 'object')(counts)).toBe('{"bedrooms":{"1":3,"2":2,"Studio":4,"5+":1},"type":{"Villa":7,"Flat":0}}');
  });
});
