// The answer corpus's comparison (decision 199): the same request must have had the same status, answer
// headers and body bytes; what differs is named, the body from its first differing character.
import { describe, expect, it } from 'vitest';
import { compare, type RecordedRequest, type Recording } from '../../scripts/corpus/compare';

const answer = (overrides: Partial<RecordedRequest> = {}): RecordedRequest => ({
  n: 0,
  method: 'GET',
  url: '/api/v1/properties?purpose=sale',
  request_headers: { 'Accept-Encoding': 'identity' },
  status: 200,
  headers: { 'content-type': 'application/json; charset=utf-8', etag: '"a"' },
  body_sha256: 'one',
  body_bytes: 30,
  ...overrides,
});

const recording = (requests: RecordedRequest[], bodies: Recording['bodies'] = { one: { text: '{"furnishing":"x","city":"Ajman"}' } }): Recording => ({ requests, bodies });

describe('compare', () => {
  it('finds no difference between the same answers', () => {
    expect(compare(recording([answer()]), recording([answer()]))).toEqual({ requests: 1, differences: [] });
  });

  it('names a status, each header and the body where they part', () => {
    const changed = answer({ status: 201, headers: { 'content-type': 'application/json; charset=utf-8', etag: '"b"', vary: 'Origin' }, body_sha256: 'two', body_bytes: 30 });
    const { differences } = compare(recording([answer()]), recording([changed], { two: { text: '{"city":"Ajman","furnishing":"x"}' } }));
    expect(differences).toHaveLength(1);
    const [status, etag, vary, body] = differences[0].lines;
    expect(status).toBe('status: 200 -> 201');
    expect(etag).toBe('header etag: "\\"a\\"" -> "\\"b\\""');
    expect(vary).toBe('header vary: undefined -> "Origin"');
    expect(body).toMatch(/^body \(30 -> 30 bytes\) differs at character 2:/);
  });

  it('counts another request, or one only one recording has, as a difference', () => {
    const other = answer({ request_headers: { 'Accept-Encoding': 'identity', 'If-None-Match': '"b"' } });
    const { requests, differences } = compare(recording([answer(), answer({ n: 1 })]), recording([other]));
    expect(requests).toBe(2);
    expect(differences.map(({ lines }) => lines[0].split(':')[0])).toEqual(['another request', 'only in A (A has 2 requests, B 1)']);
  });
});
