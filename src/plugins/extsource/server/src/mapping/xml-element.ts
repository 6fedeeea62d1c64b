/**
 * Reading a feed record's tree (drivers/xml-records.ts): a child's text, its children, by lower-case
 * name, the first of a repeated one. What a mapping reads of a record is a path of names, no more.
 */

/** An element of a record: its attributes, its text (CDATA included, untrimmed), its child elements in order. */
export interface XmlElement {
  /** Lower-case. */
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: XmlElement[];
}

/** The first child of `element` named `name`, or undefined. */
export function child(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((candidate) => candidate.name === name);
}

/** Every child of `element` named `name`. */
export function childrenNamed(element: XmlElement | undefined, name: string): XmlElement[] {
  return element ? element.children.filter((candidate) => candidate.name === name) : [];
}

/** The trimmed text of the child at `path` (names down the tree), "" when there is none. */
export function textAt(element: XmlElement | undefined, ...path: string[]): string {
  let at = element;
  for (const name of path) at = child(at, name);
  return at?.text.trim() ?? '';
}
