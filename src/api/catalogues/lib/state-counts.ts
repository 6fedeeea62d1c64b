/** The emirates a catalogue's filters offer, and the counts by emirate its listing and filters show, from its sets of items per emirate. */
import { EMIRATES, type EmirateCode } from '../../../plugins/extsource/server/src/public';
import type { Locale } from '../../../lib/locale';
import { count, countShared, type Bitset } from '../../../lib/catalogue/bitset';
import { CATALOGUE_WORDS } from './catalogue-words';

export interface StateCount {
  state_id: EmirateCode;
  state_name: string;
  count: number;
}

/** Per emirate, the items counted (`except`: those of that set; else all), by count descending then name. */
export function countStates(states: Map<EmirateCode, Bitset>, locale: Locale, except?: Bitset): StateCount[] {
  const words = CATALOGUE_WORDS[locale];
  return EMIRATES.map((emirate) => {
    const set = states.get(emirate.id);
    return { state_id: emirate.id, state_name: words.emirate(emirate.id), count: !set ? 0 : except ? countShared(except, set) : count(set) };
  })
    .filter((entry) => entry.count > 0)
    // EMIRATES is in name order and the sort is stable: equal counts stay by name.
    .sort((a, b) => b.count - a.count);
}

/** The emirates, each with its name in `locale`, as a catalogue's filters offer them. */
export const stateOptions = (locale: Locale): Array<{ id: EmirateCode; name: string }> => EMIRATES.map(({ id }) => ({ id, name: CATALOGUE_WORDS[locale].emirate(id) }));
