/** The header lines of a reader's own answer on the fast lane: made once per body and the lines it comes with. */
import { describe, expect, it } from 'vitest';
import { NO_LINES, readerAnswerLines, withRequestId } from '../../src/lib/lane-lines';
import { Representation } from '../../src/lib/representation';

const HEADERS = ['Content-Type', 'application/json; charset=utf-8', 'Cache-Control', 'private, no-store'];
const CORS = ['Access-Control-Allow-Origin', 'https://www.example.ae', 'Vary', 'Origin'];
const body = () => new Representation(Buffer.from(JSON.stringify({ items: Array.from({ length: 300 }, (_, i) => `item ${i}`) })), false);

describe('readerAnswerLines', () => {
  it('sends the request id, the reader headers, CORS, then the encoding and length of the body sent', () => {
    const representation = body();
    const gzip = representation.variantFor('gzip');
    expect(withRequestId(readerAnswerLines(gzip, HEADERS, CORS, true), 'id-1')).toEqual([
      'X-Request-Id', 'id-1', ...HEADERS, ...CORS, 'Content-Encoding', 'gzip', 'Content-Length', String(gzip.body.length),
    ]);
    const identity = representation.variantFor(undefined);
    expect(readerAnswerLines(identity, HEADERS, NO_LINES, true)).toEqual(['X-Request-Id', '', ...HEADERS, 'Content-Length', String(identity.body.length)]);
  });

  it('makes the lines once for a body with the same header and CORS lines, and again when either changes', () => {
    const variant = body().variantFor(undefined);
    const first = readerAnswerLines(variant, HEADERS, CORS, true);
    expect(readerAnswerLines(variant, HEADERS, CORS, true)).toBe(first);
    const otherCors = ['Access-Control-Allow-Origin', 'https://shop.example.ae', 'Vary', 'Origin'];
    expect(readerAnswerLines(variant, HEADERS, otherCors, true)).toContain('https://shop.example.ae');
    const otherHeaders = [...HEADERS, 'X-Extra', '1'];
    expect(readerAnswerLines(variant, otherHeaders, otherCors, true)).toContain('X-Extra');
  });

  it('keeps no lines made with CORS lines of one request', () => {
    const variant = body().variantFor(undefined);
    const once = readerAnswerLines(variant, HEADERS, [...CORS], false);
    expect(readerAnswerLines(variant, HEADERS, [...CORS], false)).not.toBe(once);
  });
});
