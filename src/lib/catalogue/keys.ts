/**
 * How a key a client sends names one of a catalogue's items (decision 191), the one rule of every route
 * and field that takes one: a key is trimmed and its digits read as 0-9 whichever set they were typed in
 * (as query parameters read them); a slug or a reference matches in any case; a number matches only in
 * its canonical decimal form, so `0001` is no other spelling of `1`. A key spelled exactly as a name is
 * kept is found with one map read and told apart from another spelling of it, which a page may redirect.
 */
import { westernDigits } from '../locale';

/** A key as the rule reads it: trimmed, its digits 0-9. */
export const readKey = (key: string): string => westernDigits(key).trim();

/** What keys are compared by when their spelling differs from a name's. */
const foldKey = (key: string): string => readKey(key).toLowerCase();

/** At most 15 digits: every such number is a safe integer. */
const CANONICAL_NUMBER = /^(0|[1-9]\d{0,14})$/;

/** The number a key spells in its canonical decimal form ("1", not "0001" nor "+1"), else undefined. */
export function canonicalNumber(key: string): number | undefined {
  const text = readKey(key);
  return CANONICAL_NUMBER.test(text) ? Number(text) : undefined;
}

/**
 * Names (slugs, references, ids as text: a catalogue's own, in Western digits) and what each names, read
 * as given or by another spelling. A name all in lower or all in upper case is found by a key folded to
 * that case; only names of mixed case are kept folded, once, when the table is made with what holds the
 * names: a catalogue's slugs and references are of the first two kinds, so the table costs next to nothing.
 */
export class KeyTable<T> {
  private readonly mixedCase = new Map<string, string>();

  constructor(names: Iterable<string>, private readonly named: (name: string) => T | undefined) {
    for (const name of names) {
      const lower = name.toLowerCase();
      // The first name of one spelling keeps it: a later one is found only as itself.
      if (lower !== name && name.toUpperCase() !== name && !this.mixedCase.has(lower)) this.mixedCase.set(lower, name);
    }
  }

  /** The name `key` is, as given, and what it names. */
  exactly(key: string): [string, T] | undefined {
    const value = this.named(key);
    return value === undefined ? undefined : [key, value];
  }

  /** The name a key folded to lower case spells, and what it names. */
  spelled(folded: string): [string, T] | undefined {
    const mixed = this.mixedCase.get(folded);
    return this.exactly(folded) ?? this.exactly(folded.toUpperCase()) ?? (mixed === undefined ? undefined : this.exactly(mixed));
  }
}

/** The name a key found, as kept; what it names; whether the key is that name as given. */
export interface KeyMatch<T> {
  name: string;
  value: T;
  exact: boolean;
}

/**
 * What `key` names in `tables`: a name spelled exactly in any of them first (one map read each), then
 * another spelling of one, in the order of `tables`.
 */
export function matchKey<T>(key: string, ...tables: ReadonlyArray<KeyTable<T>>): KeyMatch<T> | undefined {
  for (const table of tables) {
    const found = table.exactly(key);
    if (found) return { name: found[0], value: found[1], exact: true };
  }
  const folded = foldKey(key);
  for (const table of tables) {
    const found = table.spelled(folded);
    if (found) return { name: found[0], value: found[1], exact: false };
  }
  return undefined;
}
