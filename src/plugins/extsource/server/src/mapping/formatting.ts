/** Display formats of the off-plan card (decision 21). */

const UNITS: Array<[number, string]> = [
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/** "AED 950", "AED 850K", "AED 1.2M", "AED 1.25M", "AED 12M", "AED 2.5B"; "Price on request" without a price. */
export function formatPrice(amount: number | null, currency: string): string {
  if (amount === null || !Number.isFinite(amount) || amount <= 0) return 'Price on request';
  // The unit follows the amount itself; only when rounding reaches 1000 (999,999 -> "1000K") does it
  // move up one unit ("1M").
  const index = UNITS.findIndex(([size]) => amount >= size);
  if (index === -1) return `${currency} ${trimZeros(Math.round(amount * 100) / 100)}`;
  const [size, suffix] = UNITS[index];
  const scaled = Math.round((amount / size) * 100) / 100;
  if (scaled >= 1000 && index > 0) {
    const [biggerSize, biggerSuffix] = UNITS[index - 1];
    return `${currency} ${trimZeros(Math.round((amount / biggerSize) * 100) / 100)}${biggerSuffix}`;
  }
  return `${currency} ${trimZeros(scaled)}${suffix}`;
}

function trimZeros(value: number): string {
  return value.toFixed(2).replace(/\.?0+$/, '');
}

export interface Completion {
  date: string;
  year: string;
  /** Sortable completion (ISO month), or null when unknown. */
  sortKey: string | null;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** 1..12 for a month's name or its abbreviation ("DEC", "Dec", "December", "Sept"); 0 otherwise. */
function monthNumber(name: string): number {
  const key = name.toLowerCase();
  return MONTHS.findIndex((month) => month.startsWith(key)) + 1;
}

function fromMonth(year: number, month: number): Completion | undefined {
  return month >= 1 && month <= 12 ? quarter(year, Math.ceil(month / 3)) : undefined;
}

/**
 * From an ISO date, "2027-09", a label such as "DEC 2027" or "December 2027", "Q3 2027" or "2027":
 * { date: "Q3 2027", year: "2027" }; unknown: "".
 */
export function completionOf(value: unknown): Completion {
  const raw = typeof value === 'string' ? value.trim() : '';
  const quarterText = /^Q([1-4])\s*[-/ ]?\s*(\d{4})$/i.exec(raw);
  if (quarterText) return quarter(Number(quarterText[2]), Number(quarterText[1]));
  const yearMonth = /^(\d{4})-(\d{2})/.exec(raw);
  if (yearMonth) return fromMonth(Number(yearMonth[1]), Number(yearMonth[2])) ?? unknownCompletion();
  const monthLabel = /^([a-z]{3,9})\.?[\s,-]+(\d{4})$/i.exec(raw);
  if (monthLabel) return fromMonth(Number(monthLabel[2]), monthNumber(monthLabel[1])) ?? unknownCompletion();
  const yearOnly = /^(\d{4})$/.exec(raw);
  if (yearOnly) return { date: yearOnly[1], year: yearOnly[1], sortKey: `${yearOnly[1]}-12` };
  return unknownCompletion();
}

const unknownCompletion = (): Completion => ({ date: '', year: '', sortKey: null });

function quarter(year: number, q: number): Completion {
  return { date: `Q${q} ${year}`, year: String(year), sortKey: `${year}-${String(q * 3).padStart(2, '0')}` };
}

/** "Studio - 3 Bedrooms", "1 - 4 Bedrooms", "2 Bedrooms", "1 Bedroom", "Studio", or "". */
export function bedroomsRangeLabel(types: string[]): string {
  if (types.length === 0) return '';
  const order = (type: string) => (type === 'Studio' ? 0 : Number.parseInt(type, 10));
  const sorted = [...types].sort((a, b) => order(a) - order(b));
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  const plural = (type: string) => (type === '1' ? 'Bedroom' : 'Bedrooms');
  if (first === last) return first === 'Studio' ? 'Studio' : `${first} ${plural(first)}`;
  return `${first} - ${last} ${plural(last)}`;
}
