import { describe, expect, it } from 'vitest';
import { exportRange, parseIsoDate } from '../../src/api/contact/lib/export-range';

describe('export date bounds', () => {
  it('takes a date-only `to` as the end of that day (UTC), and `from` as its start', () => {
    expect(exportRange('2026-01-31', '2026-01-31')).toEqual({
      ok: true,
      createdAt: { $gte: new Date('2026-01-31T00:00:00Z'), $lt: new Date('2026-02-01T00:00:00Z') },
    });
  });

  it('takes a date-time as given, in UTC when it names no zone', () => {
    expect(exportRange(undefined, '2026-01-31T10:30')).toEqual({ ok: true, createdAt: { $lte: new Date('2026-01-31T10:30:00Z') } });
    expect(exportRange('2026-01-31T10:30:00+04:00', '')).toEqual({ ok: true, createdAt: { $gte: new Date('2026-01-31T06:30:00Z') } });
  });

  it.each(['2026-02-30', '2026-13-01', 'yesterday', '31/01/2026', '2026-1-5'])('refuses %s', (text) => {
    expect(parseIsoDate(text)).toBeUndefined();
    expect(exportRange(text, undefined)).toEqual({ ok: false, message: 'The from date must be an ISO date, e.g. 2026-01-31' });
  });

  it('refuses a value that is not one string (a repeated parameter)', () => {
    expect(exportRange(undefined, ['2026-01-01', '2026-01-02'])).toMatchObject({ ok: false });
  });
});
