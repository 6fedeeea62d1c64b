/**
 * The rules of docs/architecture.md, read from the import graph of `src` (every relative import, export-from,
 * require and dynamic import, `import type` included, as TypeScript's own scanner finds them):
 * - `src/lib` knows no domain: it imports nothing of `src` outside itself but the plugin's public entry,
 *   and no identifier or string of its code names a domain or a domain's record (decision 202);
 * - no import cycles anywhere in `src`;
 * - a domain (`src/api/<domain>`) reaches another only through its front door: its services
 *   (`services/*.ts`, Strapi's `api::<domain>.<name>` with their typed accessors) or its `index.ts`;
 * - the domains depend one way: no two import each other, directly or through other domains;
 * - the extsource plugin imports nothing of the app, and the app imports nothing of the plugin but its
 *   public entry (everything else goes through `strapi.plugin('extsource').service()`).
 */
import fs from 'fs';
import path from 'path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const srcDir = path.join(root, 'src');
const libDir = path.join(srcDir, 'lib');
const apiDir = path.join(srcDir, 'api');
const pluginDir = path.join(srcDir, 'plugins/extsource');
const publicEntry = path.join(pluginDir, 'server/src/public.ts');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The file a relative specifier names, as TypeScript resolves it (the file itself, an extension, an index). */
function resolveFile(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return CANDIDATES.map((suffix) => base + suffix).find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
}

interface ImportGraph {
  edges: Map<string, string[]>;
  unresolved: string[];
}

function importGraph(files: string[]): ImportGraph {
  const edges = new Map<string, string[]>();
  const unresolved: string[] = [];
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets: string[] = [];
    for (const { fileName } of importedFiles.filter((imported) => imported.fileName.startsWith('.'))) {
      const target = resolveFile(file, fileName);
      if (target) targets.push(target);
      else unresolved.push(`${relative(file)} -> ${fileName}`);
    }
    edges.set(file, targets);
  }
  return { edges, unresolved };
}

/** One cycle per back edge met in a depth-first walk, as the files around it. */
function cycles(edges: Map<string, string[]>): string[][] {
  const done = new Set<string>();
  const trail: string[] = [];
  const onPath = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    trail.push(file);
    onPath.add(file);
    for (const target of edges.get(file) ?? []) {
      if (onPath.has(target)) found.push([...trail.slice(trail.indexOf(target)), target]);
      else if (!done.has(target)) visit(target);
    }
    onPath.delete(file);
    trail.pop();
    done.add(file);
  };
  for (const file of edges.keys()) if (!done.has(file)) visit(file);
  return found;
}

const inside = (target: string, dir: string) => target === dir || target.startsWith(dir + path.sep);
const relative = (file: string) => path.relative(root, file);
const domainOf = (file: string) => (inside(file, apiDir) ? path.relative(apiDir, file).split(path.sep)[0] : undefined);

/** A domain's front door: its services and, when it has one, its `index.ts`. */
function isFrontDoor(file: string): boolean {
  const [, ...rest] = path.relative(apiDir, file).split(path.sep);
  return (rest.length === 1 && /^index\.tsx?$/.test(rest[0])) || (rest.length === 2 && rest[0] === 'services');
}

const graph = importGraph(sourceFiles(srcDir));

/** Which domains each domain imports, itself left out: the file graph seen a domain at a time. */
function domainGraph(edges: Map<string, string[]>): Map<string, string[]> {
  const domains = new Map<string, Set<string>>();
  for (const [file, targets] of edges) {
    const domain = domainOf(file);
    if (domain === undefined) continue;
    const imported = domains.get(domain) ?? new Set<string>();
    for (const target of targets) {
      const other = domainOf(target);
      if (other !== undefined && other !== domain) imported.add(other);
    }
    domains.set(domain, imported);
  }
  return new Map([...domains].map(([domain, imported]) => [domain, [...imported].sort()]));
}

/** Every import from a file under `from` that `allowed` refuses, as "importer -> imported". */
function importsBreaking(from: (file: string) => boolean, allowed: (file: string, target: string) => boolean): string[] {
  return [...graph.edges].flatMap(([file, targets]) =>
    from(file) ? targets.filter((target) => !allowed(file, target)).map((target) => `${relative(file)} -> ${relative(target)}`) : []
  );
}

describe('the import graph of src', () => {
  it('resolves every relative import (a file it cannot find would escape every rule below)', () => {
    expect(graph.unresolved).toEqual([]);
  });

  it('has no cycles', () => {
    expect(cycles(graph.edges).map((cycle) => cycle.map(relative).join(' -> '))).toEqual([]);
  });
});

/**
 * The words that name this app's domains (`src/api/<domain>`) or their records (decision 202), as
 * words: `leadTime` is `lead time`; `off_plan`, `offPlan` and `offplan` are `off plan`; a plural counts too.
 * Not listed, as everyday words of code and of the web the toolkit uses in their own sense: property
 * (JavaScript's, GeoJSON's), page, home, search, catalogue, item, card, slug, map, area, agency (the
 * site's owner, not a domain: src/api/website).
 */
const DOMAIN_WORDS = [
  'off plan', 'project', 'developer', 'listing', 'lead', 'enquiry', 'enquiries', 'contact', 'buyer', 'account', 'alert',
  'favourite', 'favorite', 'saved search', 'testimonial', 'luxury', 'emirate', 'sale', 'rent',
];

/** The domains whose names are everyday words (so not in DOMAIN_WORDS): a new domain must be one or the other. */
const GENERIC_DOMAIN_NAMES = ['catalogues', 'editor-fields', 'pages', 'properties', 'search', 'sitemap', 'system', 'website'];

const domainWord = new RegExp(`\\b(${DOMAIN_WORDS.map((word) => word.replace(' ', ' ?')).join('|')})s?\\b`);

/** A name or text as its words, lower case: camelCase, snake_case, kebab-case and paths split apart. */
const wordsOf = (text: string) =>
  text.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2').replace(/[^A-Za-z0-9]+/g, ' ').toLowerCase();

const NAMING = new Set([
  ts.SyntaxKind.Identifier, ts.SyntaxKind.PrivateIdentifier, ts.SyntaxKind.StringLiteral, ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead, ts.SyntaxKind.TemplateMiddle, ts.SyntaxKind.TemplateTail,
]);

/**
 * Every identifier and string (template parts too) of `file`'s code that holds a domain word, as
 * "file:line: word in text". Comments are not read: a comment may say why with the case that measured
 * it (decision 185's 12,000 projects), and names nothing the code depends on.
 */
function domainWordsIn(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (NAMING.has(node.kind)) {
      const text = node.getText(source);
      const word = domainWord.exec(wordsOf(text))?.[1];
      if (word !== undefined) found.push(`${relative(file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}: "${word}" in ${text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('src/lib', () => {
  it('imports nothing of src outside itself but the plugin public entry (it knows no domain)', () => {
    expect(importsBreaking((file) => inside(file, libDir), (_, target) => inside(target, libDir) || target === publicEntry)).toEqual([]);
  });

  it('names no domain: no identifier nor string of its code holds a domain word (the domain passes its names in)', () => {
    expect(sourceFiles(libDir).flatMap(domainWordsIn)).toEqual([]);
  });

  it('knows every domain as a domain word or an everyday one (a new domain takes its place in one of the lists)', () => {
    const domains = fs.readdirSync(apiDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    const unplaced = domains.filter((domain) => !GENERIC_DOMAIN_NAMES.includes(domain) && !domainWord.test(wordsOf(domain)));
    expect(unplaced).toEqual([]);
  });
});

describe('the domains of src/api', () => {
  it('reach one another only through the front door (services/*.ts or index.ts)', () => {
    const throughFrontDoor = (file: string, target: string) => {
      const domain = domainOf(target);
      return domain === undefined || domain === domainOf(file) || isFrontDoor(target);
    };
    expect(importsBreaking((file) => domainOf(file) !== undefined, throughFrontDoor)).toEqual([]);
  });

  it('depend one way: no two import each other, directly or through a cycle of domains', () => {
    expect(cycles(domainGraph(graph.edges)).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('import nothing of the app wiring above them (src/index.ts, src/bootstrap, src/admin)', () => {
    const wiring = [path.join(srcDir, 'index.ts'), path.join(srcDir, 'bootstrap'), path.join(srcDir, 'admin')];
    const below = (_: string, target: string) => !wiring.some((dir) => inside(target, dir));
    expect(importsBreaking((file) => domainOf(file) !== undefined, below)).toEqual([]);
  });
});

describe('the extsource plugin as a module', () => {
  it('imports nothing of the app', () => {
    expect(importsBreaking((file) => inside(file, pluginDir), (_, target) => inside(target, pluginDir))).toEqual([]);
  });

  it('is imported by the app through its public entry only', () => {
    const allowed = (_: string, target: string) => !inside(target, pluginDir) || target === publicEntry;
    expect(importsBreaking((file) => !inside(file, pluginDir), allowed)).toEqual([]);
  });
});
