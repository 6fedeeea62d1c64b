/**
 * Two ways catalogues read an option that are the same in each: an option list of counts (bedrooms,
 * bathrooms, the off-plan sizes by bedroom), and a name that must stand for exactly one option. A
 * catalogue gives its list; the reading is here once. Pure, no domain.
 */

export interface CountOptions<T extends string> {
  /** A count as its option: the numbered one, the last ("5+") for it or more; undefined below 1. */
  ofCount(count: number): T | undefined;
  /** A feed's text: the zero option's own name, or digits; "0" and anything else are unknown. */
  ofText(text: string): T | undefined;
  /** A query's value, in any case: the zero option's name or a count (0 is the zero option), "+" and the unit optional. */
  read(value: string): T | undefined;
}

/**
 * The options of a list of counts: `zero` (a studio's bedrooms) when the list has one, first, then one
 * option per count from 1, the last for its count or more. `unit` is a word a query may write after the
 * count ("2BR").
 */
export function countOptions<T extends string>(options: readonly T[], { zero, unit }: { zero?: T; unit?: string } = {}): CountOptions<T> {
  const counted = zero === undefined ? options : options.slice(1);
  const written = new RegExp(`^(\\d{1,3})\\s*${unit ? `(?:${unit})?\\s*` : ''}\\+?$`, 'i');
  const ofCount = (count: number): T | undefined => (count >= 1 ? counted[Math.min(Math.floor(count), counted.length) - 1] : undefined);
  return {
    ofCount,
    ofText: (text) => (zero !== undefined && text === zero ? zero : ofCount(/^\d+$/.test(text) ? Number(text) : 0)),
    read(value) {
      const text = value.trim();
      const count = written.exec(text);
      if (zero !== undefined && (text.toLowerCase() === zero.toLowerCase() || (count && Number(count[1]) === 0))) return zero;
      return count ? ofCount(Number(count[1])) : undefined;
    },
  };
}

/** A query's reading of a name: the one option it stands for, or undefined when it names none or several. */
export const oneNamed =
  <T>(named: (name: string) => readonly T[]) =>
  (value: string): T | undefined => {
    const options = named(value);
    return options.length === 1 ? options[0] : undefined;
  };
