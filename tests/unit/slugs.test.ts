/**
 * Project and developer slugs (decisions 109-110): made from the English name, Arabic transliterated,
 * the id when nothing is left; a collision's short suffix of the newcomer's own; a rename's new slug
 * beside the old one; never another listed project's id; the same plan on every instance.
 */
import { describe, expect, it } from 'vitest';
import { matchSlug, planSlugs, planSlugsInSteps, slugBase, slugBook, slugCandidates, type SlugRow } from '../../src/lib/catalogue/slugs';

const named = (owner: string, name: string) => ({ owner, name });

describe('slugBase', () => {
  it('spells the English name in lower-case ASCII words', () => {
    expect(slugBase('project', named('1', 'Marina Vista & Tower — Phase 2'))).toBe('marina-vista-and-tower-phase-2');
    expect(slugBase('project', named('1', 'Émaar Beachfront'))).toBe('emaar-beachfront');
  });

  it('transliterates an Arabic-only name, and falls back to the id when nothing can be spelled', () => {
    expect(slugBase('project', named('1', 'برج خليفة'))).toBe('brj-khlyfh');
    expect(slugBase('project', named('p-42', '¡!'))).toBe('p-42');
    expect(slugBase('developer', named('7', '★'))).toBe('developer-7');
  });

  it('always holds a letter, so a slug never reads as a numeric id', () => {
    expect(slugBase('project', named('9', '2031'))).toBe('project-2031');
  });

  it('cuts a long name between words', () => {
    const base = slugBase('project', named('1', 'word '.repeat(40)));
    expect(base.length).toBeLessThanOrEqual(80);
    expect(base).toMatch(/^word(-word)+$/);
  });
});

describe('planSlugs', () => {
  const row = (slug: string, owner: string, base = slug): SlugRow => ({ kind: 'project', slug, owner, base });

  it('plans in steps a caller can give the event loop turns between (a step every 100 owners), to the same plan', () => {
    const owners = Array.from({ length: 250 }, (_, index) => named(String(index), `Tower ${index % 120}`));
    const steps = planSlugsInSteps('project', owners, []);
    let yielded = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) yielded += 1;
    expect(yielded).toBe(2);
    expect(step.value).toEqual(planSlugs('project', owners, []));
    expect(step.value.added).toHaveLength(250);
  });

  it('gives a collision a short suffix of its own, never renumbering the slug already given', () => {
    const first = planSlugs('project', [named('1', 'Palm Villas')], []);
    expect(first.current.get('1')).toBe('palm-villas');
    const second = planSlugs('project', [named('2', 'Palm Villas'), named('1', 'Palm Villas')], first.added);
    expect(second.current.get('1')).toBe('palm-villas');
    expect(second.current.get('2')).toMatch(/^palm-villas-[0-9a-f]{4}$/);
    expect(second.added).toEqual([row(second.current.get('2')!, '2', 'palm-villas')]);
  });

  it('gives a renamed project a new slug and keeps the old one pointing at it; its first name back brings its first slug back', () => {
    const rows = [row('palm-villas', '1')];
    const renamed = planSlugs('project', [named('1', 'Palm Residences')], rows);
    expect(renamed.current.get('1')).toBe('palm-residences');
    const kept = [...rows, ...renamed.added];
    const book = slugBook('project', kept, renamed.current);
    expect(matchSlug(book, 'palm-villas')).toEqual({ owner: '1', current: false, slug: 'palm-residences' });
    expect(matchSlug(book, 'palm-residences')).toEqual({ owner: '1', current: true });
    expect(matchSlug(book, 'nothing')).toBeUndefined();
    expect(planSlugs('project', [named('1', 'Palm Villas')], kept)).toEqual({ current: new Map([['1', 'palm-villas']]), added: [] });
  });

  it('never gives a slug to another owner, even one whose owner left the feed', () => {
    const plan = planSlugs('project', [named('2', 'Palm Villas')], [row('palm-villas', '1')]);
    expect(plan.current.get('2')).not.toBe('palm-villas');
  });

  it('never makes a slug of another listed project\'s id', () => {
    const ids = new Set(['creek-rise', '2']);
    const plan = planSlugs('project', [named('2', 'Creek Rise')], [], (slug) => ids.has(slug));
    expect(plan.current.get('2')).toMatch(/^creek-rise-[0-9a-f]{4}$/);
  });

  it('plans the same slugs for the same owners over the same rows (every instance agrees)', () => {
    const owners = [named('a', 'Sky'), named('b', 'Sky'), named('c', 'Sky')];
    expect(planSlugs('project', owners, [row('sky', 'z')])).toEqual(planSlugs('project', owners, [row('sky', 'z')]));
    const [bare, short, longer] = slugCandidates('sky', 'b');
    expect([bare, short, longer]).toEqual(['sky', expect.stringMatching(/^sky-[0-9a-f]{4}$/), `${short}${longer.slice(short.length)}`]);
    expect(longer).toMatch(/^sky-[0-9a-f]{6}$/);
    expect([...slugCandidates('sky', 'c')][1]).not.toBe(short);
    expect(new Set(planSlugs('project', owners, []).current.values()).size).toBe(3);
  });

  it('keeps developers apart from projects', () => {
    const plan = planSlugs('developer', [named('101', 'Emaar')], [row('emaar', '1')]);
    expect(plan.current.get('101')).toBe('emaar');
  });
});
