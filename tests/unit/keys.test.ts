/**
 * How a client's key names a catalogue's item (issue 66, decision 191): trimmed, digits of either
 * Arabic-Indic set read as 0-9, slugs and references in any case, ids only in their canonical decimal
 * form; a name spelled exactly as kept is told apart from another spelling of it.
 */
import { describe, expect, it } from 'vitest';
import { canonicalNumber, KeyTable, matchKey, readKey } from '../../src/lib/catalogue/keys';
import { findInBook, matchSlug, slugBook, type SlugRow } from '../../src/lib/catalogue/slugs';

const table = (names: Record<string, string>) => {
  const map = new Map(Object.entries(names));
  return new KeyTable(map.keys(), (name) => map.get(name));
};

describe('readKey', () => {
  it('trims and reads Arabic-Indic and Eastern Arabic-Indic digits as 0-9, nothing else', () => {
    expect(readKey('  LS-10000 ')).toBe('LS-10000');
    expect(readKey('٣٠١٠')).toBe('3010');
    expect(readKey('۳۰۱۰')).toBe('3010');
    expect(readKey('Marina-Vista')).toBe('Marina-Vista');
  });
});

describe('canonicalNumber', () => {
  it('reads an id only in its canonical decimal form', () => {
    expect(canonicalNumber('1')).toBe(1);
    expect(canonicalNumber('0')).toBe(0);
    expect(canonicalNumber(' ١٢ ')).toBe(12);
    for (const alias of ['0001', '01', '+1', '1.0', '1e3', '-1', '', '1 2', '0x1', '1234567890123456']) expect(canonicalNumber(alias), alias).toBeUndefined();
  });
});

describe('matchKey', () => {
  const slugs = table({ 'marina-vista': 'p1', 'old-name': 'p1' });
  const references = table({ 'LS-10000': 'LS-10000', 'ls-20000': 'ls-20000' });

  it('finds a name as given, exactly', () => {
    expect(matchKey('marina-vista', slugs, references)).toEqual({ name: 'marina-vista', value: 'p1', exact: true });
    expect(matchKey('LS-10000', slugs, references)).toEqual({ name: 'LS-10000', value: 'LS-10000', exact: true });
  });

  it('finds slugs and references in any case, digits of either set, trimmed, as another spelling', () => {
    expect(matchKey('MARINA-VISTA', slugs, references)).toEqual({ name: 'marina-vista', value: 'p1', exact: false });
    expect(matchKey('ls-10000', slugs, references)).toEqual({ name: 'LS-10000', value: 'LS-10000', exact: false });
    expect(matchKey('Ls-١٠٠٠٠', slugs, references)).toEqual({ name: 'LS-10000', value: 'LS-10000', exact: false });
    expect(matchKey(' LS-20000 ', slugs, references)).toEqual({ name: 'ls-20000', value: 'ls-20000', exact: false });
  });

  it('finds a name of mixed case by any spelling', () => {
    const mixed = table({ 'Ls-Vista-7': 'm' });
    expect(matchKey('LS-VISTA-7', mixed)).toEqual({ name: 'Ls-Vista-7', value: 'm', exact: false });
    expect(matchKey('ls-vista-7', mixed)).toEqual({ name: 'Ls-Vista-7', value: 'm', exact: false });
  });

  it('prefers a name spelled exactly in any table to another spelling of a name in an earlier one', () => {
    const capitals = table({ 'LS-1': 'a' });
    const lower = table({ 'ls-1': 'b' });
    expect(matchKey('ls-1', capitals, lower)?.value).toBe('b');
    expect(matchKey('LS-1', lower, capitals)?.value).toBe('a');
  });

  it('knows no name that is not one, nor a leading-zero alias of one', () => {
    const ids = table({ '1': '1', '3010': '3010' });
    expect(matchKey('0001', ids)).toBeUndefined();
    expect(matchKey('03010', ids)).toBeUndefined();
    expect(matchKey('no-such-thing', slugs, references)).toBeUndefined();
    expect(matchKey('٣٠١٠', ids)).toEqual({ name: '3010', value: '3010', exact: false });
  });
});

describe('findInBook', () => {
  const rows: SlugRow[] = [
    { kind: 'project', slug: 'old-name', owner: '3010', base: 'old-name' },
    { kind: 'project', slug: 'marina-vista', owner: '3010', base: 'marina-vista' },
    { kind: 'project', slug: 'palm-view', owner: '3011', base: 'palm-view' },
  ];
  const book = slugBook('project', rows, new Map([['3010', 'marina-vista'], ['3011', 'palm-view']]));

  it('names an owner by its current slug or its own name as given, as matchSlug does', () => {
    expect(findInBook(book, 'marina-vista')).toEqual({ owner: '3010', current: true });
    expect(findInBook(book, '3010')).toEqual({ owner: '3010', current: true });
    expect(findInBook(book, 'old-name')).toEqual(matchSlug(book, 'old-name'));
  });

  it('names it by another spelling as a move to its current slug', () => {
    expect(findInBook(book, 'MARINA-VISTA')).toEqual({ owner: '3010', current: false, slug: 'marina-vista' });
    expect(findInBook(book, 'Old-Name')).toEqual({ owner: '3010', current: false, slug: 'marina-vista' });
    expect(findInBook(book, '٣٠١١')).toEqual({ owner: '3011', current: false, slug: 'palm-view' });
  });

  it('names nothing with a leading-zero alias or an unknown key', () => {
    expect(findInBook(book, '03010')).toBeUndefined();
    expect(findInBook(book, 'nowhere')).toBeUndefined();
  });
});
