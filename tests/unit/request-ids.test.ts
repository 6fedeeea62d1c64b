/** Fresh request ids: random version 4 UUIDs, as crypto.randomUUID makes them, none twice. */
import { describe, expect, it } from 'vitest';
import { requestIdFor } from '../../src/lib/contract-paths';
import { freshRequestId } from '../../src/lib/request-ids';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('freshRequestId', () => {
  it('makes version 4 UUIDs, none twice, across batches', () => {
    const ids = Array.from({ length: 1000 }, () => freshRequestId());
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('spreads the random bits over every place of an id but the version and variant', () => {
    const ids = Array.from({ length: 2000 }, () => freshRequestId());
    for (let at = 0; at < 36; at += 1) {
      const seen = new Set(ids.map((id) => id[at]));
      const expected = [8, 13, 18, 23].includes(at) ? 1 : at === 14 ? 1 : at === 19 ? 4 : 16;
      expect(seen.size, `place ${at}`).toBe(expected);
    }
  });

  it('is what a request without a usable X-Request-Id gets', () => {
    expect(requestIdFor(undefined)).toMatch(UUID_V4);
    expect(requestIdFor('not a usable id!')).toMatch(UUID_V4);
    expect(requestIdFor('client-id-1')).toBe('client-id-1');
  });
});
