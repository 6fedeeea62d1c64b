/**
 * The leads list fits a laptop screen: first and last name in one "Name" column, a one-line excerpt of
 * the message, and a short received date, through the Content Manager's list-columns hook (content-
 * manager 5.54.0, 'Admin/CM/pages/ListView/inject-column-in-table'). Other lists are left as they are.
 */
import { Typography } from '@strapi/design-system';

const LEADS_PATH = '/content-manager/collection-types/api::contact.contact';
const EXCERPT_LENGTH = 70;

type Row = Record<string, unknown>;

interface Header {
  name: string;
  label: string | { id: string; defaultMessage: string };
  cellFormatter?: (row: Row) => JSX.Element;
  [key: string]: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function excerpt(message: string, length = EXCERPT_LENGTH): string {
  const oneLine = message.replace(/\s+/g, ' ').trim();
  return oneLine.length > length ? `${oneLine.slice(0, length - 1).trimEnd()}…` : oneLine;
}

function Cell({ children, width }: { children: string; width: string }) {
  return <Typography textColor="neutral800" ellipsis style={{ display: 'block', maxWidth: width }} title={children}>{children}</Typography>;
}

const FORMATTERS: Record<string, Pick<Header, 'label' | 'cellFormatter'>> = {
  first_name: {
    label: 'Name',
    cellFormatter: (row) => <Cell width="12rem">{[text(row.first_name), text(row.last_name)].filter(Boolean).join(' ')}</Cell>,
  },
  message: {
    label: 'Message',
    cellFormatter: (row) => <Cell width="16rem">{excerpt(text(row.message))}</Cell>,
  },
  createdAt: {
    label: 'Received',
    cellFormatter: (row) => (
      <Cell width="14rem">{new Date(text(row.createdAt)).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}</Cell>
    ),
  },
};

export function leadsListColumns(value: { displayedHeaders: Header[]; [key: string]: unknown }) {
  if (!decodeURIComponent(window.location.pathname).endsWith(LEADS_PATH)) return value;
  const names = new Set(value.displayedHeaders.map((header) => header.name));
  const displayedHeaders = value.displayedHeaders
    .filter((header) => !(header.name === 'last_name' && names.has('first_name')))
    .map((header) => (FORMATTERS[header.name] ? { ...header, ...FORMATTERS[header.name] } : header));
  return { ...value, displayedHeaders };
}
