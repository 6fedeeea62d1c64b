/**
 * Lengths as people count them: characters (Unicode code points), not the UTF-16 units of
 * `String.length`, so an emoji or a rare CJK character counts once and a limit of 255 means 255
 * characters in every script (issue 66). PostgreSQL's varchar(n) counts the same way.
 */

function characterCount(text: string): number {
  let count = 0;
  for (const _character of text) count += 1;
  return count;
}

/** Whether `text` has more than `max` characters; most texts are answered by their UTF-16 length alone, never smaller. */
export const isLongerThan = (text: string, max: number): boolean => text.length > max && characterCount(text) > max;

/** The first `max` characters of `text`: a cut never splits a character's surrogate pair. */
export function firstCharacters(text: string, max: number): string {
  return isLongerThan(text, max) ? Array.from(text).slice(0, max).join('') : text;
}
