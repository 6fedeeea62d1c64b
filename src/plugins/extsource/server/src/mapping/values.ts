/** Small parsers for provider values, which arrive as strings, numbers, empty objects or nothing. */
import { clip } from './text';

/** Text of a provider value: strings trimmed, numbers as text, anything else (empty elements) "". */
export function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/**
 * A finite number, or null. "1,250,000", " 950000.00 ", "5399898.0000" and 950000 all parse, and so does
 * a number wrapped as `{ value }` (Reelly sends `min_price` that way at times).
 */
export function number(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value && typeof value === 'object' && 'value' in value) return number((value as { value: unknown }).value);
  const cleaned = text(value).replace(/[, ]/g, '');
  if (cleaned === '') return null;
  const parsed = Number(cleaned);
  return Number.isFinite(parsed) ? parsed : null;
}

/** An http(s) URL as written, or "" when the value is none. */
export function httpUrl(value: unknown): string {
  const url = text(value);
  return /^https?:\/\/\S+$/i.test(url) ? url : '';
}

/** An e-mail address as written (within its column), or "" when the value is none. */
export function emailAddress(value: unknown): string {
  const email = text(value);
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? clip(email, 255) : '';
}

/** A value that may be one item, a list of items, or an empty element, as a list. */
export function list<T>(value: T | T[] | '' | null | undefined | Record<string, never>): T[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value;
  if (typeof value === 'object' && Object.keys(value).length === 0) return [];
  return [value as T];
}

export function slugify(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Bedrooms as the site shows them: "Studio", "1".."9", or "" when unknown. */
export function bedroomsLabel(value: unknown): string {
  const raw = text(value).toLowerCase();
  if (raw === '') return '';
  if (raw === '0' || raw.startsWith('studio') || raw === 's') return 'Studio';
  const count = Number.parseInt(raw, 10);
  return Number.isFinite(count) && count > 0 ? String(count) : '';
}
