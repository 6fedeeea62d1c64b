/**
 * The pure rules of buyers' alerts (issue 33, part C): new vs price drop vs already told, the grouping
 * of searches by query, the digest time in Dubai, the unsubscribe token's signature, the e-mail.
 */
import { describe, expect, it } from 'vitest';
import { changedIds, favoriteAlert, parseSubject, searchAlert } from '../../src/api/account/lib/alert-rules';
import { groupByQuery, MAX_ALERTS_PER_SEARCH, searchAlerts, type SearchSubject } from '../../src/api/account/lib/alert-matching';
import { alertDueAt } from '../../src/api/account/lib/alert-schedule';
import { alertEmail } from '../../src/api/account/lib/alert-email';
import { signUnsubscribe, verifyUnsubscribe } from '../../src/api/account/lib/unsubscribe-token';

const change = (price: number | null, previousPrice: number | null) => ({ price, previousPrice });

describe('a saved search’s alert for a changed project', () => {
  it('is "new" for a project it did not match before and was never told of', () => {
    expect(searchAlert(change(100, null), true, false, undefined)).toBe('new');
    expect(searchAlert(change(100, 120), true, false, undefined)).toBe('new');
  });

  it('is a price drop below the price before, for a project it matched', () => {
    expect(searchAlert(change(90, 100), true, true, undefined)).toBe('price_drop');
    expect(searchAlert(change(100, 100), true, true, undefined)).toBeNull();
    expect(searchAlert(change(110, 100), true, true, undefined)).toBeNull();
  });

  it('once told, only a price below the price told', () => {
    expect(searchAlert(change(100, null), true, false, { price: 100 })).toBeNull();
    expect(searchAlert(change(95, 120), true, true, { price: 90 })).toBeNull();
    expect(searchAlert(change(85, 90), true, true, { price: 90 })).toBe('price_drop');
  });

  it('is nothing for a project it does not match, or without a price', () => {
    expect(searchAlert(change(50, 100), false, true, undefined)).toBeNull();
    expect(searchAlert(change(null, 100), true, true, undefined)).toBeNull();
  });
});

describe('a favourite’s alert', () => {
  it('is a price drop below the price told, else the price before; once per drop', () => {
    expect(favoriteAlert(change(90, 100), undefined)).toBe('price_drop');
    expect(favoriteAlert(change(90, 100), { price: 90 })).toBeNull();
    expect(favoriteAlert(change(80, 90), { price: 90 })).toBe('price_drop');
    expect(favoriteAlert(change(120, 100), undefined)).toBeNull();
    expect(favoriteAlert(change(90, null), undefined)).toBeNull();
  });
});

describe('the projects that changed', () => {
  it('are the new ones and those with another price or fingerprint', () => {
    const previous = new Map([['a', { price: 1, fingerprint: 'x' }], ['b', { price: 2, fingerprint: 'y' }], ['gone', { price: 3, fingerprint: 'z' }]]);
    const current = new Map([['a', { price: 1, fingerprint: 'x' }], ['b', { price: 1, fingerprint: 'y' }], ['c', { price: 5, fingerprint: 'w' }]]);
    expect(changedIds(previous, current)).toEqual(['b', 'c']);
  });
});

describe('matching grouped by query', () => {
  const search = (id: number, buyerId: number, query: string): SearchSubject & { query: string } => ({ subject: `search:${id}`, buyerId, name: `s${id}`, frequency: 'instant', query });

  it('evaluates each distinct query once, for every search that saved it, skipping those left out', () => {
    const searches = [search(1, 1, 'q=a'), search(2, 2, 'q=a'), search(3, 3, 'q=b'), search(4, 4, 'q=a')];
    const groups = groupByQuery(searches, (one) => one.buyerId === 4);
    const asked: string[] = [];
    const found = [...searchAlerts(groups, {
      matchesNow: (query) => (asked.push(query), query === 'q=a' ? ['p1', 'p2'] : ['p3']),
      matchedBefore: (query) => new Set(query === 'q=a' ? ['p2'] : []),
      change: (id) => (id === 'p2' ? change(90, 100) : change(100, null)),
      told: (subject, id) => (subject === 'search:2' && id === 'p1' ? { price: 100 } : undefined),
    })].flat();
    expect(asked).toEqual(['q=a', 'q=b']);
    expect(found.map((alert) => [alert.subject, alert.projectId, alert.kind])).toEqual([
      ['search:1', 'p1', 'new'], ['search:1', 'p2', 'price_drop'],
      ['search:2', 'p2', 'price_drop'],
      ['search:3', 'p3', 'new'],
    ]);
  });

  it('tells one search at most MAX_ALERTS_PER_SEARCH projects a match', () => {
    const ids = Array.from({ length: MAX_ALERTS_PER_SEARCH + 10 }, (_, i) => `p${i}`);
    const found = [...searchAlerts(groupByQuery([search(1, 1, 'all')]), {
      matchesNow: () => ids, matchedBefore: () => new Set(), change: () => change(1, null), told: () => undefined,
    })].flat();
    expect(found).toHaveLength(MAX_ALERTS_PER_SEARCH);
  });
});

describe('when an alert is sent', () => {
  const dubai = { hour: 8, weekday: 1, timeZone: 'Asia/Dubai' };

  it('instant: at once; daily: the next 08:00 in Dubai (04:00 UTC); weekly: the next Monday at 08:00', () => {
    const now = Date.parse('2026-11-26T10:00:00Z'); // a Thursday, 14:00 in Dubai
    expect(alertDueAt('instant', now, dubai)).toBe(now);
    expect(new Date(alertDueAt('daily', now, dubai)).toISOString()).toBe('2026-11-27T04:00:00.000Z');
    expect(new Date(alertDueAt('daily', Date.parse('2026-11-26T03:00:00Z'), dubai)).toISOString()).toBe('2026-11-26T04:00:00.000Z');
    expect(new Date(alertDueAt('weekly', now, dubai)).toISOString()).toBe('2026-11-30T04:00:00.000Z');
    expect(new Date(alertDueAt('daily', now, { ...dubai, hour: 20 })).toISOString()).toBe('2026-11-26T16:00:00.000Z');
  });

  it('honours a time zone with summer time', () => {
    expect(new Date(alertDueAt('daily', Date.parse('2026-07-01T12:00:00Z'), { hour: 8, weekday: 1, timeZone: 'Europe/London' })).toISOString()).toBe('2026-07-02T07:00:00.000Z');
  });
});

describe('the unsubscribe token', () => {
  const secret = 'unit-secret';
  const claim = { buyerId: 7, subjects: ['search:12' as const, 'favorites:7' as const] };

  it('round-trips what it was signed with', () => {
    expect(verifyUnsubscribe(secret, signUnsubscribe(secret, claim))).toEqual(claim);
  });

  it('is refused when altered, signed with another secret, malformed or naming no known subject', () => {
    const token = signUnsubscribe(secret, claim);
    const [payload, signature] = token.split('.');
    const other = Buffer.from(JSON.stringify({ b: 8, s: ['search:12'] })).toString('base64url');
    expect(verifyUnsubscribe(secret, `${other}.${signature}`)).toBeUndefined();
    expect(verifyUnsubscribe(secret, `${payload}.${signature.slice(1)}`)).toBeUndefined();
    expect(verifyUnsubscribe('another-secret', token)).toBeUndefined();
    expect(verifyUnsubscribe('', token)).toBeUndefined();
    expect(verifyUnsubscribe(secret, `${token}.x`)).toBeUndefined();
    expect(verifyUnsubscribe(secret, undefined)).toBeUndefined();
    expect(verifyUnsubscribe(secret, signUnsubscribe(secret, { buyerId: 7, subjects: ['leads:1' as never] }))).toBeUndefined();
  });

  it('is refused with the genuine signature written otherwise (base64url decoding would skip what it does not know)', () => {
    const token = signUnsubscribe(secret, claim);
    const [payload, signature] = token.split('.');
    const base64 = Buffer.from(signature, 'base64url').toString('base64');
    // The last character's two spare bits: another letter that decodes to the same bytes.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = `${signature.slice(0, -1)}${alphabet[alphabet.indexOf(signature.at(-1)!) ^ 1]}`;
    expect(Buffer.from(twin, 'base64url')).toEqual(Buffer.from(signature, 'base64url'));
    for (const variant of [twin, `${signature}=`, `${signature}!`, ` ${signature}`, `${signature.slice(0, 10)}*${signature.slice(10)}`, base64, `${signature}\u0000`]) {
      expect(verifyUnsubscribe(secret, `${payload}.${variant}`), variant).toBeUndefined();
    }
  });

  it('names subjects only as the alerts do', () => {
    expect(parseSubject('search:12')).toEqual({ type: 'search', id: 12 });
    expect(parseSubject('search:0')).toBeUndefined();
    expect(parseSubject('favorites:3x')).toBeUndefined();
  });
});

describe('the alert e-mail', () => {
  const links = { unsubscribeAll: 'https://cms.test/api/v1/unsubscribe?token=all', unsubscribe: (subject: string) => `https://cms.test/u?${subject}`, project: (id: string) => `https://site.test/off-plan/${id}`, pricedFrom: () => true };
  const alert = {
    subject: 'search:1', subject_name: 'Marina\r\nBcc: x@evil.test', project_id: 'p1', project_names: { en: 'Opal Court', ar: 'أوبال كورت' },
    kind: 'price_drop' as const, price: 900_000, previous_price: 1_000_000,
  };

  it('has the RFC 8058 headers, one link per subject, and keeps the buyer’s text out of headers', () => {
    const email = alertEmail('b@example.com', 'en', [alert], links, false);
    expect(email.headers).toEqual({ 'List-Unsubscribe': '<https://cms.test/api/v1/unsubscribe?token=all>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(email.subject).toBe('New for your saved search "Marina Bcc: x@evil.test"');
    expect(email.text).toContain('Opal Court: Price drop (was AED');
    expect(email.text).toContain('Stop these alerts: https://cms.test/u?search:1');
  });

  it('speaks Arabic to an Arabic buyer, with the project’s Arabic name', () => {
    const email = alertEmail('b@example.com', 'ar', [alert], links, true);
    expect(email.subject).toBe('تنبيهات المشاريع على الخارطة');
    expect(email.text).toContain('أوبال كورت');
    expect(email.text).toContain('إيقاف هذه التنبيهات');
  });
});
