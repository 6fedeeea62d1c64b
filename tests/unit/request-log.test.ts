/** The access-log line: admin query values redacted, the website's contract logged as sent. */
import { describe, expect, it } from 'vitest';
import { loggedUrl, requestLine } from '../../src/lib/request-log';

describe('loggedUrl', () => {
  it.each([
    ['/content-manager/collection-types/api::contact.contact?page=1&pageSize=10&_q=noor%40example.com', '/content-manager/collection-types/api::contact.contact?page=[redacted]&pageSize=[redacted]&_q=[redacted]'],
    ['/content-manager/collection-types/api::contact.contact?filters[$and][0][email][$eq]=noor@example.com&filters[$and][1][mobile][$contains]=%2B971501234567', '/content-manager/collection-types/api::contact.contact?filters[$and][0][email][$eq]=[redacted]&filters[$and][1][mobile][$contains]=[redacted]'],
    ['/admin/users?_q=dana', '/admin/users?_q=[redacted]'],
    ['/contacts-export/contacts.csv?from=2026-01-01&to=', '/contacts-export/contacts.csv?from=[redacted]&to='],
    ['/api/extsource/stats?token=a=b', '/api/extsource/stats?token=[redacted]'],
    ['/admin?flag&x=1', '/admin?flag&x=[redacted]'],
    ['/admin?', '/admin?'],
  ])('redacts every value outside the website contract: %s', (url, logged) => {
    expect(loggedUrl(url)).toBe(logged);
  });

  it.each(['/api/v1/off-plan/projects?page=2&q=marina', '/API/V1/luxury?locale=ar', '/api/v1?x=1', '/content-manager/collection-types/api::contact.contact', '/admin'])(
    'keeps the website contract and query-less URLs as they are: %s',
    (url) => {
      expect(loggedUrl(url)).toBe(url);
    }
  );

  it('does not take a look-alike of the contract for it', () => {
    expect(loggedUrl('/api/v1x/leads?_q=a@b.c')).toBe('/api/v1x/leads?_q=[redacted]');
  });
});

describe('requestLine', () => {
  it("is strapi::logger's line with the URL as logged", () => {
    expect(requestLine('GET', '/admin/users?_q=noor@example.com', 3, 200)).toBe('GET /admin/users?_q=[redacted] (3 ms) 200');
    expect(requestLine('GET', '/api/v1/luxury?locale=ar', 0, 304)).toBe('GET /api/v1/luxury?locale=ar (0 ms) 304');
  });
});
