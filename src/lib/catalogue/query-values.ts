/**
 * How a catalogue's listing query reads its parameters (decisions 15-16): an empty string (or a name
 * without "=") counts as absent; an option list may be repeated or comma-separated; any other parameter
 * given twice is invalid; digits may be typed Arabic-Indic (`٢٠٢٧`).
 */
import { westernDigits } from '../locale';

export type RawQuery = Record<string, unknown>;

const INTEGER = /^\d+$/;
const NUMBER = /^\d+(\.\d+)?$/;

/** Digits that make an integer JavaScript holds exactly (a 400-digit page would be Infinity). */
export const isInteger = (text: string) => INTEGER.test(text) && Number.isSafeInteger(Number(text));
export const isNumber = (text: string) => NUMBER.test(text) && Number.isFinite(Number(text));

/** The parameter as one trimmed string, undefined when absent or empty, null when repeated or not text. */
export function single(raw: RawQuery, name: string): string | undefined | null {
  const value = raw[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') return null;
  const trimmed = westernDigits(value).trim();
  return trimmed === '' ? undefined : trimmed;
}

/** A single parameter as `read` reads it: its value, undefined when absent, null when `read` refuses it. */
export function valueOf<T>(raw: RawQuery, name: string, read: (text: string) => T | null | undefined): T | undefined | null {
  const text = single(raw, name);
  if (text === undefined) return undefined;
  return (text === null ? null : read(text)) ?? null;
}

/** A whole number from 1 to `max`: its value, undefined when absent, null when it is not one. */
export function positiveInteger(raw: RawQuery, name: string, max = Number.MAX_SAFE_INTEGER): number | undefined | null {
  const text = single(raw, name);
  if (text === undefined) return undefined;
  return text !== null && isInteger(text) && Number(text) >= 1 && Number(text) <= max ? Number(text) : null;
}

/** A repeatable, comma-separated parameter as its non-empty items; undefined when none, null when not text. */
export function several(raw: RawQuery, name: string): string[] | undefined | null {
  const value = raw[name];
  const given = Array.isArray(value) ? value : [value];
  if (given.some((item) => item !== undefined && item !== null && typeof item !== 'string')) return null;
  const items = (given as Array<string | undefined | null>).flatMap((item) => westernDigits(item ?? '').split(',')).map((item) => item.trim()).filter(Boolean);
  return items.length ? items : undefined;
}

/** The options named by a list parameter, once each and in the order of `options`; null when one is not an option. */
export function optionsOf<T extends string>(items: string[], read: (item: string) => T | undefined, options: readonly T[]): T[] | null {
  const chosen = items.map(read);
  if (chosen.some((option) => option === undefined)) return null;
  return options.filter((option) => chosen.includes(option));
}
