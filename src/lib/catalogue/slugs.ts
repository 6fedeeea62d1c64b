/**
 * Readable, stable, unique slugs for what the catalogues list (decisions 109-110), each kind on its own
 * (the kinds are their owners': src/api/catalogues/services/slugs.ts). Pure rules, no Strapi.
 * A slug comes from the English name (an Arabic-only name transliterated by the `slugify` package's
 * character map; a name with nothing to spell falls back to the id), always holds a letter
 * (so it never reads as a provider's numeric id) and is never what `reserved` refuses (another listed project's id). A collision
 * gets a short suffix of the owner's own (hashed from its id, so every instance picks the same), never a
 * renumbering of the slug already given. Slugs are kept for ever (slug-store.ts): a renamed owner gets
 * a new one and its old ones keep pointing at it; a slug never goes to another owner.
 */
import { createHash } from 'crypto';
import slugify from 'slugify';
import { KeyTable, matchKey } from './keys';
import { runSteps, STEP, type Steps } from './steps';

/** What a slug names, as its owner calls it: each kind's slugs are unique among themselves only. */
export type SlugKind = string;

/** A slug as kept: whose it is and the name (as a slug) it was made from. */
export interface SlugRow {
  kind: SlugKind;
  slug: string;
  owner: string;
  base: string;
}

/** An owner and the name its slug comes from. */
export interface Named {
  owner: string;
  name: string;
}

/** Lower-case ASCII letters and digits between single hyphens. */
const spelled = (text: string): string => slugify(text, { lower: true, strict: true, trim: true });

/** Long enough to read, short enough for a URL. */
const MAX_BASE_LENGTH = 80;

/** The slug the name spells: at most MAX_BASE_LENGTH characters, cut between words, holding a letter. */
export function slugBase(kind: SlugKind, { owner, name }: Named): string {
  let base = spelled(name);
  if (base.length > MAX_BASE_LENGTH) base = base.slice(0, MAX_BASE_LENGTH + 1).replace(/-[^-]*$/, '') || base.slice(0, MAX_BASE_LENGTH);
  if (base === '') base = spelled(owner);
  return /[a-z]/.test(base) ? base : `${kind}-${base}`.replace(/-$/, '');
}

/** The slugs an owner tries in turn: its base, then the base with ever longer suffixes of its own. */
export function* slugCandidates(base: string, owner: string): Generator<string> {
  yield base;
  const hash = createHash('sha256').update(owner).digest('hex');
  for (let length = 4; length <= hash.length; length += 2) yield `${base}-${hash.slice(0, length)}`;
}

export interface SlugPlan {
  /** Each owner's current slug. */
  current: Map<string, string>;
  /** The slugs to keep that are new. */
  added: SlugRow[];
}

/**
 * Each owner's current slug from the slugs kept (`rows`, oldest first): the one made from its current
 * name when there is one, else the first of its candidates nobody holds and `reserved` does not refuse.
 * Owners earlier in `owners` choose first, so two instances planning the same owners over the same rows
 * plan the same slugs.
 */
export function planSlugs(kind: SlugKind, owners: readonly Named[], rows: readonly SlugRow[], reserved?: (slug: string) => boolean): SlugPlan {
  return runSteps(planSlugsInSteps(kind, owners, rows, reserved));
}

/** `planSlugs` in steps (a step every STEP owners), for a caller that gives the loop turns between them. */
export function* planSlugsInSteps(kind: SlugKind, owners: readonly Named[], rows: readonly SlugRow[], reserved: (slug: string) => boolean = () => false): Steps<SlugPlan> {
  const holderOf = new Map<string, string>();
  const madeFrom = new Map<string, string>();
  for (const [index, row] of rows.entries()) {
    if (index % STEP === STEP - 1) yield;
    if (row.kind !== kind) continue;
    holderOf.set(row.slug, row.owner);
    const key = `${row.owner}\n${row.base}`;
    if (!madeFrom.has(key)) madeFrom.set(key, row.slug);
  }
  const current = new Map<string, string>();
  const added: SlugRow[] = [];
  for (const [index, named] of owners.entries()) {
    if (index % STEP === STEP - 1) yield;
    const base = slugBase(kind, named);
    const kept = madeFrom.get(`${named.owner}\n${base}`);
    if (kept) {
      current.set(named.owner, kept);
      continue;
    }
    for (const slug of slugCandidates(base, named.owner)) {
      const holder = holderOf.get(slug);
      if (holder === named.owner) {
        current.set(named.owner, slug);
        break;
      }
      if (holder !== undefined || reserved(slug)) continue;
      holderOf.set(slug, named.owner);
      madeFrom.set(`${named.owner}\n${base}`, slug);
      added.push({ kind, slug, owner: named.owner, base });
      current.set(named.owner, slug);
      break;
    }
  }
  return { current, added };
}

/** Every slug of a kind, current and former, to the owner it names; and each owner's current one. */
export interface SlugBook {
  /** Owner (a project or developer id) → its current slug. */
  slugOf: ReadonlyMap<string, string>;
  /** Any slug ever given → its owner. */
  ownerOf: ReadonlyMap<string, string>;
  /** The slugs, then the owners' own names (ids, references), each to its owner, by the rule of keys.ts. */
  keys: ReadonlyArray<KeyTable<string>>;
}

export function slugBook(kind: SlugKind, rows: readonly SlugRow[], current: ReadonlyMap<string, string>): SlugBook {
  const ownerOf = new Map(rows.filter((row) => row.kind === kind).map((row) => [row.slug, row.owner]));
  const slugs = new KeyTable(ownerOf.keys(), (slug) => ownerOf.get(slug));
  const owners = new KeyTable(current.keys(), (owner) => (current.has(owner) ? owner : undefined));
  return { slugOf: current, ownerOf, keys: [slugs, owners] };
}

/** What a path segment names in a book: the owner's current slug, a former one (to redirect from), or nothing known. */
export type SlugMatch = { owner: string; current: true } | { owner: string; current: false; slug: string } | undefined;

/** What a path segment names in a book, the segment spelled as given (a composed page's slug is its editor's). */
export function matchSlug(book: SlugBook, segment: string): SlugMatch {
  const owner = book.ownerOf.get(segment);
  if (owner === undefined) return undefined;
  const slug = book.slugOf.get(owner);
  if (slug === undefined) return undefined;
  return slug === segment ? { owner, current: true } : { owner, current: false, slug };
}

/**
 * What a client's key names in a book by the rule of keys.ts (decision 191): its current slug or its own
 * name (an id, a reference) spelled as given; a former slug, or another spelling of any of them, as a
 * move to its current slug; nothing for a key naming no current owner.
 */
export function findInBook(book: SlugBook, key: string): SlugMatch {
  const match = matchKey(key, ...book.keys);
  const slug = match && book.slugOf.get(match.value);
  if (!match || slug === undefined) return undefined;
  const current = match.exact && (match.name === slug || match.name === match.value);
  return current ? { owner: match.value, current: true } : { owner: match.value, current: false, slug };
}
