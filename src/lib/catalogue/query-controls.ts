/**
 * A stored listing query as the editors' query builder shows and changes it (decision 227). Pure, and
 * read by the admin's field as well as by the server: no Node, no domain.
 *
 * The query is kept as the parts it was written in, each with its own spelling, and a control the editor
 * changes rewrites only its own parameters. So a query opened and saved untouched is the same string,
 * whoever wrote it and however they spelled it, and a page's public answer cannot change by being opened.
 */

/** One `name=value` of a query: the name and value as a listing reads them, and the text it was written as. */
interface QueryPart {
  name: string;
  value: string;
  written: string;
}

/** A query as written: its parts in order, after the `?` it may start with. */
interface WrittenParts {
  prefix: '' | '?';
  parts: readonly QueryPart[];
}

/**
 * A control of the builder, over the parameters it sets (what the server's form gives, with labels):
 * one option of a list or a text of one parameter (`one`), several options of one (`many`, written
 * comma-separated), or the two ends of a range.
 */
export type ControlShape = { kind: 'one'; name: string } | { kind: 'many'; name: string } | { kind: 'range'; names: readonly [min: string, max: string] };

/**
 * A control as a catalogue offers it (its query's description): a list's options, the sorts, or none
 * (a value the server gives options for, a text); `words` a place's name, typed with the search box's help.
 */
export type BuilderControl = ControlShape & { options?: readonly string[]; words?: true };

/** An option of a control: the value its query holds, and what an editor reads. */
export interface BuilderOption {
  value: string;
  label: string;
}

/** What a control holds: `one` a text ('' when unset), `many` its options, `range` its two ends. */
export type ControlValue = string | readonly string[];

/** A control's value by its key: its parameter's name, a range's first. */
export type ControlValues = Readonly<Record<string, ControlValue>>;

/** What the controls show of a query, and the parameters no control shows (the query stays text then). */
export interface ShownQuery {
  values: ControlValues;
  unshown: string[];
}

/** As a browser's URLSearchParams reads a part: `+` is a space, and a bad escape stays as written. */
function decoded(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** A value written so a listing reads it back unchanged, with spaces and letters left readable. */
const encoded = (value: string): string => value.replace(/[%&+#=]/g, (character) => encodeURIComponent(character));

function readParts(query: string): WrittenParts {
  const prefix = query.startsWith('?') ? '?' : '';
  const body = query.slice(prefix.length);
  const parts = body === '' ? [] : body.split('&').map((written) => {
    const at = written.indexOf('=');
    return { name: decoded(at < 0 ? written : written.slice(0, at)), value: at < 0 ? '' : decoded(written.slice(at + 1)), written };
  });
  return { prefix, parts };
}

const writeParts = ({ prefix, parts }: WrittenParts): string => prefix + parts.map((part) => part.written).join('&');

/** The value a listing reads for `name`: the last part of that name, as URLSearchParams keeps it; '' when none. */
function valueNamed(parts: readonly QueryPart[], name: string): string {
  const named = parts.filter((part) => part.name === name);
  return named.length ? named[named.length - 1].value : '';
}

/** The parts with `name` set to `value`, written anew in place of the first part of that name (after the others when none); '' removes it. */
function withValue(written: WrittenParts, name: string, value: string): WrittenParts {
  const part = { name, value, written: `${encoded(name)}=${encoded(value)}` };
  const first = written.parts.findIndex((each) => each.name === name);
  const others = written.parts.filter((each) => each.name !== name);
  if (value === '') return { ...written, parts: others };
  const at = first < 0 ? others.length : first;
  return { ...written, parts: [...others.slice(0, at), part, ...others.slice(at)] };
}

const keyOf = (control: ControlShape) => (control.kind === 'range' ? control.names[0] : control.name);
const namesOf = (control: ControlShape) => (control.kind === 'range' ? control.names : [control.name]);
const listOf = (text: string) => text.split(',').map((item) => item.trim()).filter(Boolean);

function valueOf(parts: readonly QueryPart[], control: ControlShape): ControlValue {
  if (control.kind === 'range') return control.names.map((name) => valueNamed(parts, name));
  if (control.kind === 'many') return listOf(valueNamed(parts, control.name));
  return valueNamed(parts, control.name);
}

/** What each control shows of `query`, and the names of the parameters it holds that none shows. */
export function shownQuery(controls: readonly ControlShape[], query: string): ShownQuery {
  const { parts } = readParts(query);
  const shown = new Set(controls.flatMap(namesOf));
  const values = Object.fromEntries(controls.map((control) => [keyOf(control), valueOf(parts, control)]));
  const unshown = [...new Set(parts.map((part) => part.name).filter((name) => name !== '' && !shown.has(name)))];
  return { values, unshown };
}

/** `query` with each control's parameters set to `values`; a parameter whose value is unchanged keeps its spelling. */
export function queryWith(controls: readonly ControlShape[], query: string, values: ControlValues): string {
  let written = readParts(query);
  for (const control of controls) {
    const value = values[keyOf(control)];
    if (value === undefined) continue;
    const texts = control.kind === 'range' ? (value as readonly string[]) : [control.kind === 'many' ? (value as readonly string[]).join(',') : (value as string)];
    namesOf(control).forEach((name, i) => {
      const text = (texts[i] ?? '').trim();
      const now = valueNamed(written.parts, name);
      const same = (control.kind === 'many' ? listOf(now).join(',') : now.trim()) === text;
      if (!same) written = withValue(written, name, text);
    });
  }
  return writeParts(written);
}
