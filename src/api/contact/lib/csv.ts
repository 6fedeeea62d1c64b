/**
 * CSV export of contact submissions (RFC 4180 quoting). Cells that a spreadsheet would run as a
 * formula (leading = + - @, tab or carriage return) are prefixed with a quote, so a hostile
 * submission cannot execute in an editor's Excel.
 */
export interface ContactRow {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  mobile: string | null;
  method_of_contact: string | null;
  message: string | null;
  contact_type: string | null;
  createdAt: string | Date | null;
}

export const CSV_COLUMNS: Array<[header: string, read: (row: ContactRow) => unknown]> = [
  ['id', (row) => row.id],
  ['created_at', (row) => (row.createdAt instanceof Date ? row.createdAt.toISOString() : row.createdAt)],
  ['first_name', (row) => row.first_name],
  ['last_name', (row) => row.last_name],
  ['email', (row) => row.email],
  ['mobile', (row) => row.mobile],
  ['method_of_contact', (row) => row.method_of_contact],
  ['message', (row) => row.message],
  ['contact_type', (row) => row.contact_type],
];

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvHeader(): string {
  return `${CSV_COLUMNS.map(([header]) => header).join(',')}\r\n`;
}

export function csvLine(row: ContactRow): string {
  return `${CSV_COLUMNS.map(([, read]) => csvCell(read(row))).join(',')}\r\n`;
}
