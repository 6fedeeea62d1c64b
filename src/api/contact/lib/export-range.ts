/**
 * The `from` / `to` bounds of the contacts export. A date alone means the whole day in UTC (decision 3):
 * `from=2026-01-31` starts at its midnight, `to=2026-01-31` ends at the next one, so `from=to=today`
 * is today. A date-time is taken as given (UTC when it names no zone).
 */
const ISO = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const DAY_MS = 24 * 3600 * 1000;

export type CreatedAtFilter = { $gte?: Date; $lt?: Date; $lte?: Date };

interface Parsed {
  date: Date;
  dateOnly: boolean;
}

/** The instant, or undefined when the text is not a real ISO date or date-time (2026-02-30 is not). */
export function parseIsoDate(text: string): Parsed | undefined {
  const match = ISO.exec(text);
  if (!match) return undefined;
  const [, year, month, day, time, zone] = match;
  const dateOnly = time === undefined;
  const date = new Date(dateOnly ? `${text}T00:00:00Z` : zone ? text : `${text}Z`);
  if (Number.isNaN(date.getTime())) return undefined;
  const calendarDay = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (calendarDay.getUTCFullYear() !== Number(year) || calendarDay.getUTCMonth() !== Number(month) - 1 || calendarDay.getUTCDate() !== Number(day)) {
    return undefined;
  }
  return { date, dateOnly };
}

export type RangeResult = { ok: true; createdAt: CreatedAtFilter } | { ok: false; message: string };

export function exportRange(from: unknown, to: unknown): RangeResult {
  const createdAt: CreatedAtFilter = {};
  for (const [name, raw] of [['from', from], ['to', to]] as const) {
    if (raw === undefined || raw === '') continue;
    const parsed = typeof raw === 'string' ? parseIsoDate(raw) : undefined;
    if (!parsed) return { ok: false, message: `The ${name} date must be an ISO date, e.g. 2026-01-31` };
    if (name === 'from') createdAt.$gte = parsed.date;
    else if (parsed.dateOnly) createdAt.$lt = new Date(parsed.date.getTime() + DAY_MS);
    else createdAt.$lte = parsed.date;
  }
  return { ok: true, createdAt };
}
