import { describe, expect, it } from 'vitest';
import { clientErrorAnswer } from '../../src/lib/http-server';

/** The status line, the headers and the body of a raw HTTP/1.1 answer. */
function parsed(answer: string) {
  const [head, body] = answer.split('\r\n\r\n');
  const [statusLine, ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(headerLines.map((line) => line.split(': ') as [string, string]));
  return { statusLine, headers, body };
}

describe('clientErrorAnswer', () => {
  it.each([
    ['HPE_INVALID_URL', 400, 'HTTP/1.1 400 Bad Request', 'The request could not be parsed'],
    ['HPE_INVALID_METHOD', 400, 'HTTP/1.1 400 Bad Request', 'The request could not be parsed'],
    ['HPE_HEADER_OVERFLOW', 431, 'HTTP/1.1 431 Request Header Fields Too Large', 'The request headers are too large'],
  ])('answers %s with the %i error envelope, closing the connection', (code, status, statusLine, message) => {
    const answer = parsed(clientErrorAnswer(code)!);
    expect(answer.statusLine).toBe(statusLine);
    expect(JSON.parse(answer.body)).toEqual({ success: false, status_code: status, message, error_code: 'BAD_REQUEST' });
    expect(answer.headers).toEqual({
      'Content-Type': 'application/json; charset=utf-8',
      Connection: 'close',
      'Content-Length': String(Buffer.byteLength(answer.body)),
    });
  });

  it("keeps Node's bare 408 for a request that timed out", () => {
    expect(clientErrorAnswer('ERR_HTTP_REQUEST_TIMEOUT')).toBe('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });

  it('answers nothing to a client that reset the connection', () => {
    expect(clientErrorAnswer('ECONNRESET')).toBeUndefined();
  });
});
