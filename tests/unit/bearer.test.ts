/** The bearer token of an Authorization header: the usual form read at once, every other as it always was. */
import { describe, expect, it } from 'vitest';
import { bearerToken } from '../../src/lib/bearer';

/** The reading before the usual form got its own: trimmed, split at whitespace, two parts, the scheme in any case. */
function generalReading(authorization: string | undefined): string | undefined {
  const parts = (authorization ?? '').trim().split(/\s+/);
  return parts.length === 2 && parts[0].toLowerCase() === 'bearer' ? parts[1] : undefined;
}

const HEADERS = [
  undefined, '', 'Bearer', 'Bearer ', 'Bearer  ', 'Bearer abc.def.ghi', 'Bearer  abc', 'Bearer abc ', ' Bearer abc', 'Bearer abc def',
  'Bearer\tabc', 'bearer abc', 'BEARER abc', 'Basic dXNlcjpwYXNz', 'Bearer a\u00a0b', 'Bearer a\u3000', 'Bearer \u00a0abc', 'Bearerabc', 'Bearer ab\ncd',
];

describe('bearerToken', () => {
  it('reads the usual form, a token after "Bearer "', () => {
    expect(bearerToken('Bearer eyJ.abc.def')).toBe('eyJ.abc.def');
  });

  it.each(HEADERS.map((header) => [JSON.stringify(header), header]))('reads %s as the general reading does', (_, header) => {
    expect(bearerToken(header)).toBe(generalReading(header));
  });
});
