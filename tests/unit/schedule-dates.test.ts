/** The time a publication may be scheduled for (decision 82): one format, a real moment, future, within the horizon. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRunAt, SCHEDULE_HORIZON_DAYS } from '../../src/lib/publication-schedule/run-at';

const NOW = Date.UTC(2031, 0, 1, 0, 0, 0);
const DAY_MS = 86_400_000;

const problemOf = (value: unknown, now = NOW) => {
  const result = parseRunAt(value, now);
  return 'problem' in result ? result.problem : undefined;
};
const atOf = (value: unknown, now = NOW) => {
  const result = parseRunAt(value, now);
  if ('problem' in result) throw new Error(`refused ${String(value)}: ${result.problem}`);
  return result.at;
};

describe('parseRunAt refuses', () => {
  it.each([
    ['2031-02-31T09:00:00Z', /does not exist \(2031-02-31\): February 2031 has 28 days/],
    ['2031-02-29T09:00:00Z', /does not exist \(2031-02-29\): February 2031 has 28 days/],
    ['2031-04-31T09:00:00+04:00', /does not exist \(2031-04-31\): April 2031 has 30 days/],
    ['2031-13-01T09:00:00Z', /does not exist \(2031-13-01\): months run from 01 to 12/],
    ['2031-06-00T09:00:00Z', /does not exist \(2031-06-00\): June 2031 has 30 days/],
    ['2031-06-01T24:00:00Z', /time that does not exist \(24:00:00\): hours run from 00 to 23/],
    ['2031-06-01T09:60:00Z', /time that does not exist \(09:60:00\)/],
    ['2031-06-01T09:00:60Z', /time that does not exist \(09:00:60\)/],
  ])('an impossible date or time: %s', (value, message) => {
    expect(problemOf(value)).toMatch(message);
  });

  it.each(['2031-02-29', '2031-04-31', 'Jan 1 2031', '2031', '+275760-09-13T00:00:00Z', '2031-06-01 09:00:00Z', '2031-06-01t09:00:00z', '20310601T090000Z', '2031-06-01T09:00:00.Z', ' 2031-06-01T09:00:00Z', 'next friday', ''])(
    'anything but the one format: %j',
    (value) => {
      expect(problemOf(value)).toBe('"at" must be an ISO 8601 date and time with seconds and a UTC offset, e.g. 2031-12-01T09:00:00+04:00 or 2031-12-01T05:00:00Z');
    }
  );

  it('what is not a string', () => {
    for (const value of [undefined, null, 1_924_000_000_000, { at: '2031-06-01T09:00:00Z' }, ['2031-06-01T09:00:00Z']]) {
      expect(problemOf(value)).toMatch(/must be an ISO 8601 date and time/);
    }
  });

  it('a time without its UTC offset, rather than taking it as UTC', () => {
    expect(problemOf('2031-01-01T09:00')).toMatch(/has no UTC offset: end it with Z or an offset such as \+04:00/);
    expect(problemOf('2031-01-01T09:00:00')).toMatch(/has no UTC offset/);
  });

  it('a time without seconds', () => {
    expect(problemOf('2031-01-01T09:00Z')).toMatch(/has no seconds: write the time as hh:mm:ss/);
  });

  it('an offset no place uses', () => {
    expect(problemOf('2031-06-01T09:00:00+15:00')).toMatch(/UTC offset that does not exist \(\+15:00\): offsets run from -14:00 to \+14:00/);
    expect(problemOf('2031-06-01T09:00:00+04:60')).toMatch(/UTC offset that does not exist \(\+04:60\)/);
    expect(problemOf('2031-06-01T09:00:00-14:01')).toMatch(/UTC offset that does not exist/);
  });

  it('a moment that is not in the future, the offset counted', () => {
    expect(problemOf('2030-12-31T23:59:59Z')).toBe('"at" must be in the future (2030-12-31T23:59:59.000Z has passed)');
    expect(problemOf('2031-01-01T00:00:00Z')).toMatch(/must be in the future/);
    // 02:00 in Dubai on New Year's Day is still the old year in UTC.
    expect(problemOf('2031-01-01T02:00:00+04:00')).toMatch(/must be in the future/);
    expect(problemOf('0050-06-01T00:00:00Z')).toMatch(/must be in the future \(0050-06-01T00:00:00\.000Z has passed\)/);
  });

  it(`a moment beyond the horizon (${SCHEDULE_HORIZON_DAYS} days)`, () => {
    const horizon = NOW + SCHEDULE_HORIZON_DAYS * DAY_MS;
    expect(atOf(new Date(horizon).toISOString())).toBe(horizon);
    expect(problemOf(new Date(horizon + 1).toISOString())).toBe('"at" must be at most 730 days (two years) ahead, by 2032-12-31T00:00:00.000Z');
    expect(problemOf('9999-12-31T23:59:59Z')).toMatch(/at most 730 days/);
  });
});

describe('parseRunAt accepts', () => {
  it('a date-time in UTC, as the admin panel sends it (toISOString)', () => {
    expect(atOf('2031-06-01T05:00:00Z')).toBe(Date.UTC(2031, 5, 1, 5));
    expect(atOf('2031-06-01T05:00:00.000Z')).toBe(Date.UTC(2031, 5, 1, 5));
  });

  it('an offset east or west of UTC', () => {
    expect(atOf('2031-06-01T09:00:00+04:00')).toBe(Date.UTC(2031, 5, 1, 5));
    expect(atOf('2031-06-01T09:00:00-05:30')).toBe(Date.UTC(2031, 5, 1, 14, 30));
    expect(atOf('2031-06-01T09:00:00+14:00')).toBe(Date.UTC(2031, 4, 31, 19));
    expect(atOf('2031-06-01T09:00:00-00:00')).toBe(Date.UTC(2031, 5, 1, 9));
  });

  it('the leap day of a leap year', () => {
    expect(atOf('2032-02-29T12:00:00Z')).toBe(Date.UTC(2032, 1, 29, 12));
  });

  it('fractional seconds, to the millisecond (finer digits dropped)', () => {
    expect(atOf('2031-06-01T09:00:00.5Z')).toBe(Date.UTC(2031, 5, 1, 9, 0, 0, 500));
    expect(atOf('2031-06-01T09:00:00.123456789+04:00')).toBe(Date.UTC(2031, 5, 1, 5, 0, 0, 123));
  });

  it('every moment within the horizon, written by toISOString', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: SCHEDULE_HORIZON_DAYS * DAY_MS }), (ahead) => {
        expect(atOf(new Date(NOW + ahead).toISOString())).toBe(NOW + ahead);
      })
    );
  });
});
