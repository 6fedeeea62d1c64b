/**
 * The time a publication is asked for (decision 82): one format, an ISO 8601 / RFC 3339 date-time with
 * seconds and a UTC offset (`2031-12-01T09:00:00+04:00`, `2031-12-01T05:00:00.000Z`), naming a moment
 * that exists, in the future and within the horizon. `Date.parse` alone took far more: it rolls
 * 2031-02-31 over into March, reads a time without an offset as UTC and takes `Jan 1 2031` or `2031`.
 * Plain code, no Strapi.
 */

/** How far ahead a publication may be scheduled: two years (decision 82). */
export const SCHEDULE_HORIZON_DAYS = 730;

/** The largest UTC offset in use (Kiribati, +14:00); none is further from UTC on either side. */
const MAX_OFFSET_MINUTES = 14 * 60;

const DAY_MS = 24 * 60 * 60 * 1000;

const FORMAT = '"at" must be an ISO 8601 date and time with seconds and a UTC offset, e.g. 2031-12-01T09:00:00+04:00 or 2031-12-01T05:00:00Z';

/** The format, with its seconds and offset optional here only to say precisely which one is missing. */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?$/;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export type RunAt = { at: number } | { problem: string };

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

function daysIn(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function dateProblem(year: number, month: number, day: number, date: string): string | undefined {
  if (month < 1 || month > 12) return `"at" names a date that does not exist (${date}): months run from 01 to 12`;
  const days = daysIn(year, month);
  if (day < 1 || day > days) return `"at" names a date that does not exist (${date}): ${MONTHS[month - 1]} ${year} has ${days} days`;
  return undefined;
}

function timeProblem(hour: number, minute: number, second: number, time: string): string | undefined {
  if (hour > 23 || minute > 59 || second > 59) {
    return `"at" names a time that does not exist (${time}): hours run from 00 to 23, minutes and seconds from 00 to 59`;
  }
  return undefined;
}

/** Minutes east of UTC, or undefined for an offset no place uses. */
function offsetMinutes(offset: string): number | undefined {
  if (offset === 'Z') return 0;
  const [hours, minutes] = offset.slice(1).split(':').map(Number);
  const total = hours * 60 + minutes;
  if (minutes > 59 || total > MAX_OFFSET_MINUTES) return undefined;
  return offset.startsWith('-') ? -total : total;
}

/** The moment a well-formed, existing date-time names, in milliseconds since the epoch (finer digits dropped). */
function instant(parts: number[], fraction: string, offset: number): number {
  const [year, month, day, hour, minute, second] = parts;
  const moment = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0 to 99 as 1900 to 1999.
  moment.setUTCFullYear(year, month - 1, day);
  moment.setUTCHours(hour, minute, second, Number(fraction.slice(0, 3).padEnd(3, '0')));
  return moment.getTime() - offset * 60_000;
}

/** When the publication asked for by `value` should run, or why it cannot be scheduled. */
export function parseRunAt(value: unknown, now: number): RunAt {
  const match = typeof value === 'string' ? DATE_TIME.exec(value) : null;
  if (!match) return { problem: FORMAT };
  const [, yearText, monthText, dayText, hourText, minuteText, secondText, fraction = '', offsetText] = match;
  if (offsetText === undefined) return { problem: '"at" has no UTC offset: end it with Z or an offset such as +04:00 (e.g. 2031-12-01T09:00:00+04:00)' };
  if (secondText === undefined) return { problem: '"at" has no seconds: write the time as hh:mm:ss (e.g. 2031-12-01T09:00:00+04:00)' };
  const parts = [yearText, monthText, dayText, hourText, minuteText, secondText].map(Number);
  const problem =
    dateProblem(parts[0], parts[1], parts[2], `${yearText}-${monthText}-${dayText}`) ??
    timeProblem(parts[3], parts[4], parts[5], `${hourText}:${minuteText}:${secondText}`);
  if (problem) return { problem };
  const offset = offsetMinutes(offsetText);
  if (offset === undefined) return { problem: `"at" has a UTC offset that does not exist (${offsetText}): offsets run from -14:00 to +14:00` };
  const at = instant(parts, fraction, offset);
  if (at <= now) return { problem: `"at" must be in the future (${new Date(at).toISOString()} has passed)` };
  const horizon = now + SCHEDULE_HORIZON_DAYS * DAY_MS;
  if (at > horizon) {
    return { problem: `"at" must be at most ${SCHEDULE_HORIZON_DAYS} days (two years) ahead, by ${new Date(horizon).toISOString()}` };
  }
  return { at };
}
