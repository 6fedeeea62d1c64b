/** ETags, compressed variants and Accept-Encoding (src/lib/representation.ts). */
import { brotliDecompressSync, gunzipSync } from 'zlib';
import { describe, expect, it } from 'vitest';
import { CacheStore } from '../../src/lib/cache/store';
import { COMPRESSION_MIN_BYTES, etagMatches, preferredEncoding, Representation, representationOf } from '../../src/lib/representation';

const large = Buffer.from(JSON.stringify({ text: 'luxury villa '.repeat(200) }));

describe('representation', () => {
  it('has a strong ETag that changes with the bytes', () => {
    const one = new Representation(Buffer.from('{"a":1}'));
    expect(one.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(new Representation(Buffer.from('{"a":1}')).etag).toBe(one.etag);
    expect(new Representation(Buffer.from('{"a":2}')).etag).not.toBe(one.etag);
  });

  it('compresses once per body, and not below the threshold', () => {
    const representation = new Representation(large);
    const br = representation.variantFor('gzip, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).equals(large)).toBe(true);
    expect(representation.variantFor('br').body).toBe(br.body);
    const gzip = representation.variantFor('gzip');
    expect(gunzipSync(gzip.body).equals(large)).toBe(true);
    expect(representation.variantFor(undefined)).toEqual({ body: large, encoding: undefined });
    const small = Buffer.alloc(COMPRESSION_MIN_BYTES - 1, 'a');
    expect(new Representation(small).variantFor('br').encoding).toBeUndefined();
  });

  it('keeps one representation per cache entry, and a new one for a rebuilt entry', () => {
    const store = new CacheStore({ contentSeconds: 60, degradedSeconds: 5 });
    const entry = store.set('page', { a: 1 }, { tags: ['t'], json: true });
    expect(representationOf(entry)).toBe(representationOf(entry));
    const rebuilt = store.set('page', { a: 1 }, { tags: ['t'], json: true });
    expect(representationOf(rebuilt)).not.toBe(representationOf(entry));
    expect(representationOf(store.set('plain', 1, { tags: [] }))).toBeUndefined();
  });

  it.each([
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['identity', undefined],
    ['deflate', undefined],
    ['', undefined],
  ])('Accept-Encoding %j picks %j', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });

  it('matches If-None-Match by weak comparison, lists and *', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", "abc"', '"abc"')).toBe(true);
    expect(etagMatches('*', '"abc"')).toBe(true);
    expect(etagMatches('"abcd"', '"abc"')).toBe(false);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
  });
});
