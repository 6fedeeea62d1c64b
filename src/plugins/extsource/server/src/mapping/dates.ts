/**
 * Provider dates. Goyzer writes US dates with a 12-hour time and no offset (`12/31/2026 12:00:00 AM`,
 * `5/9/2025 10:31:15 AM`): the service runs on UAE time (UTC+4, no daylight saving), so that is the
 * offset they are read with. ISO dates are read as ISO; one without an offset is UAE time as well.
 */
const UAE_OFFSET_MINUTES = 4 * 60;

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?\s*(AM|PM)?)?$/i;
const ISO_LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?$/;

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function validParts(parts: Parts): boolean {
  const { year, month, day, hour, minute, second } = parts;
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function usParts(raw: string): Parts | null {
  const match = US_DATE.exec(raw);
  if (!match) return null;
  const [, month, day, year, hour = '0', minute = '0', second = '0', meridiem] = match;
  let hours = Number(hour);
  if (meridiem) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (meridiem.toUpperCase() === 'PM' ? 12 : 0);
  }
  return { year: Number(year), month: Number(month), day: Number(day), hour: hours, minute: Number(minute), second: Number(second) };
}

function isoLocalParts(raw: string): Parts | null {
  const match = ISO_LOCAL.exec(raw);
  if (!match) return null;
  const [, year, month, day, hour = '0', minute = '0', second = '0'] = match;
  return { year: Number(year), month: Number(month), day: Number(day), hour: Number(hour), minute: Number(minute), second: Number(second) };
}

/** Wall-clock parts of a provider date (US or ISO without offset), or null. */
function localParts(raw: string): Parts | null {
  const parts = usParts(raw) ?? isoLocalParts(raw);
  return parts && validParts(parts) ? parts : null;
}

/** The instant of a provider date as ISO-8601 UTC, or null when it is empty or unreadable. */
export function uaeInstant(value: unknown): string | null {
  const raw = typeof value === 'string' ? value.trim() : '';
  if (!raw) return null;
  const parts = localParts(raw);
  if (parts) {
    const utc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) - UAE_OFFSET_MINUTES * 60_000;
    return new Date(utc).toISOString();
  }
  // An ISO date with its own offset or Z.
  if (!/^\d{4}-\d{2}-\d{2}T.+(Z|[+-]\d{2}:?\d{2})$/i.test(raw)) return null;
  const date = new Date(raw);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The calendar day of a provider date (YYYY-MM-DD), as written, or "" (a handover date has no time). */
export function calendarDay(value: unknown): string {
  const raw = typeof value === 'string' ? value.trim() : '';
  const parts = raw ? localParts(raw) ?? localParts(raw.slice(0, 10)) : null;
  if (!parts) return '';
  return `${parts.year}-${String(parts.month).padStart(2, '0')}-${String(parts.day).padStart(2, '0')}`;
}
