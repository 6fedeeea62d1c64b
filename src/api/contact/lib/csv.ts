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
  /** The site's language the lead was sent in (`en`, `ar`). */
  language: string | null;
  consent?: boolean | null;
  consent_text_version?: string | null;
  consent_at?: string | Date | null;
  /** What the lead is about and where it came from (decisions 141-144, 158). */
  enquiry_type?: string | null;
  project_id?: string | null;
  project_name?: string | null;
  project?: Record<string, unknown> | null;
  listing_reference?: string | null;
  listing_title?: string | null;
  listing?: Record<string, unknown> | null;
  page_url?: string | null;
  referrer?: string | null;
  utm_source?: string | null;
  utm_medium?: string | null;
  utm_campaign?: string | null;
  utm_term?: string | null;
  utm_content?: string | null;
  gclid?: string | null;
  fbclid?: string | null;
  desk?: string | null;
  desk_email?: string | null;
  crm_pipeline?: string | null;
  routing_rule?: string | null;
  repeat_of?: number | null;
  createdAt: string | Date | null;
}

export interface CsvColumn {
  header: string;
  /** The contact attribute the column shows. */
  attribute: keyof ContactRow;
}

export const CSV_COLUMNS: CsvColumn[] = [
  { header: 'id', attribute: 'id' },
  { header: 'created_at', attribute: 'createdAt' },
  { header: 'first_name', attribute: 'first_name' },
  { header: 'last_name', attribute: 'last_name' },
  { header: 'email', attribute: 'email' },
  { header: 'mobile', attribute: 'mobile' },
  { header: 'method_of_contact', attribute: 'method_of_contact' },
  { header: 'message', attribute: 'message' },
  { header: 'contact_type', attribute: 'contact_type' },
  { header: 'language', attribute: 'language' },
  { header: 'consent', attribute: 'consent' },
  { header: 'consent_text_version', attribute: 'consent_text_version' },
  { header: 'consent_at', attribute: 'consent_at' },
  { header: 'enquiry_type', attribute: 'enquiry_type' },
  { header: 'project_id', attribute: 'project_id' },
  { header: 'project_name', attribute: 'project_name' },
  { header: 'listing_reference', attribute: 'listing_reference' },
  { header: 'listing_title', attribute: 'listing_title' },
  { header: 'utm_source', attribute: 'utm_source' },
  { header: 'utm_medium', attribute: 'utm_medium' },
  { header: 'utm_campaign', attribute: 'utm_campaign' },
  { header: 'utm_term', attribute: 'utm_term' },
  { header: 'utm_content', attribute: 'utm_content' },
  { header: 'page_url', attribute: 'page_url' },
  { header: 'referrer', attribute: 'referrer' },
  { header: 'desk', attribute: 'desk' },
  { header: 'crm_pipeline', attribute: 'crm_pipeline' },
  { header: 'repeat_of', attribute: 'repeat_of' },
];

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvHeader(columns: CsvColumn[] = CSV_COLUMNS): string {
  return `${columns.map((column) => column.header).join(',')}\r\n`;
}

export function csvLine(row: Partial<ContactRow>, columns: CsvColumn[] = CSV_COLUMNS): string {
  const value = (column: CsvColumn) => {
    const cell = row[column.attribute];
    return cell instanceof Date ? cell.toISOString() : cell;
  };
  return `${columns.map((column) => csvCell(value(column))).join(',')}\r\n`;
}
