/**
 * Provider text to safe plain text. Providers send descriptions written in a CRM's rich-text editor:
 * HTML, entities (sometimes escaped twice), CDATA markers left in as text (Goyzer's `Remarks` arrive as
 * the literal `<![CDATA[ ... ]]>`), CR/LF line ends and runs of spaces. The site receives plain text
 * (decided in docs/extsource.md): no markup at all, paragraphs and list items kept as lines, bullets as
 * "• ". Whatever the site does with it, escaping plain text is enough to show it safely.
 */
import { decode } from 'html-entities';
import LRUCache from 'lru-cache';

const CDATA_MARKERS = /<!\[CDATA\[|\]\]>/g;
const COMMENTS = /<!--[\s\S]*?-->/g;
/** Elements whose content is never text. */
const HIDDEN_ELEMENTS = /<(script|style|head|template|iframe|object|svg)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const LINE_BREAKS = /<br\s*\/?>/gi;
const LIST_ITEMS = /<li\b[^>]*>/gi;
/** Block elements start and end lines (list items are started by LIST_ITEMS). */
const BLOCKS = /<\/?(p|div|ul|ol|h[1-6]|tr|table|section|article|blockquote|pre|header|footer)\b[^>]*>/gi;
/** Only things that really are tags: "<" followed by a letter or "/letter" (so "price < 2M" survives). */
const TAGS = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/gi;
const BULLET_LINE = /^\s*[•·▪●◦‣∙*-]\s+/;

function stripMarkup(value: string): string {
  return value
    .replace(CDATA_MARKERS, '')
    .replace(COMMENTS, '')
    .replace(HIDDEN_ELEMENTS, '')
    .replace(LINE_BREAKS, '\n')
    .replace(LIST_ITEMS, '\n• ')
    .replace(BLOCKS, '\n')
    .replace(TAGS, '');
}

function tidyLines(value: string): string {
  const lines = value
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[\t\u00a0 ]+/g, ' ').trim())
    .map((line) => (BULLET_LINE.test(line) ? line.replace(BULLET_LINE, '• ') : line))
    .filter((line) => line !== '•');
  // At most one empty line between paragraphs, none at either end.
  return lines.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}

/**
 * Plain text of a provider's (possibly HTML) text. Markup is removed before entities are decoded,
 * then again after: an escaped `&lt;b&gt;` becomes a tag on decoding and is removed too, so no
 * markup ever reaches the site; invisible control characters are dropped.
 */
export function plainText(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') return '';
  let text = value;
  for (let pass = 0; pass < 3; pass += 1) {
    const decoded = decode(stripMarkup(text), { level: 'html5' });
    if (decoded === text) break;
    text = decoded;
  }
  return tidyLines(stripMarkup(text).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b\ufeff]/g, ''));
}

/** Plain text cut to a column's size (on a word boundary when one is near), for string columns. */
export function clip(value: string, max: number): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

const readLine = (value: unknown, max: number) => clip(plainText(value).replace(/\s*\n+\s*/g, ' '), max);

/** The longest line `plainLine` remembers: names and places, not titles or whole texts. */
const REMEMBERED_LENGTH = 256;
/** The short lines read last, per column size (decision 181). */
const linesRead = new Map<number, LRUCache<string, string>>();

/**
 * A single-line plain text (titles, names): line breaks become spaces. A feed names the same places,
 * amenities, statuses and unit types thousands of times, and each reading is a dozen regular
 * expressions and an entity decoder: the short ones read last are remembered.
 */
export function plainLine(value: unknown, max = 255): string {
  if (typeof value !== 'string' || value.length > REMEMBERED_LENGTH) return readLine(value, max);
  let read = linesRead.get(max);
  if (!read) {
    read = new LRUCache<string, string>({ max: 5000 });
    linesRead.set(max, read);
  }
  let line = read.get(value);
  if (line === undefined) {
    line = readLine(value, max);
    read.set(value, line);
  }
  return line;
}

/**
 * Characters no visitor's text contains and a database cannot keep as sent: NUL (PostgreSQL refuses it
 * in text; SQLite would keep it) and a UTF-16 surrogate without its pair (not a character at all;
 * encoded for storage it comes back altered). Decision: text carrying them is refused with a 422 on
 * its field, on every database, rather than cleaned into something the client did not send. The one
 * copy of the rule: the hosting app uses it too, through public.ts (the plugin imports nothing of the app).
 */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasUnstorableCharacters(text: string): boolean {
  return UNSTORABLE.test(text);
}

/** The field message for such text: `The <label> contains characters that are not allowed.` */
export const unstorableMessage = (label: string) => `The ${label} contains characters that are not allowed.`;
