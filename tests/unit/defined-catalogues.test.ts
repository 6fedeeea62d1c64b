/**
 * CATALOGUE_MODULES refused with a message naming the module and the reason (decision 220): a module that
 * does not load, and a definition taking the name or a spelling of one of the site's catalogues, which
 * registering would otherwise replace.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { describe, expect, it } from 'vitest';
import { registerDefinedCatalogues } from '../../src/bootstrap/defined-catalogues';

const FIXTURE = path.resolve(__dirname, '../fixtures/catalogues/commercial-units.js');
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'defined-catalogues-'));

/** A descriptor module: the fixture's catalogue with `changes`. */
function moduleWith(file: string, changes: string): string {
  const at = path.join(folder, file);
  fs.writeFileSync(at, `const { catalogue } = require(${JSON.stringify(FIXTURE)});\nmodule.exports = { catalogue: { ...catalogue, ${changes} } };\n`);
  return at;
}

const appWith = (modules: string[]) =>
  ({ config: { get: (key: string, fallback: unknown) => (key === 'catalogues.modules' ? modules : fallback) }, dirs: { app: { root: folder } } }) as unknown as Core.Strapi;

describe('CATALOGUE_MODULES refused', () => {
  it('a module that does not load', () => {
    expect(() => registerDefinedCatalogues(appWith(['missing.js']))).toThrow(`CATALOGUE_MODULES: ${path.join(folder, 'missing.js')} could not be loaded: Cannot find module`);
  });

  it("a definition taking the name of the site's catalogue", () => {
    const file = moduleWith('named-listings.js', "name: 'listings'");
    expect(() => registerDefinedCatalogues(appWith([file]))).toThrow('CATALOGUE_MODULES: the catalogue "listings" takes "listings", already the site\'s catalogue "listings"');
  });

  it("a definition taking a spelling of the site's catalogue", () => {
    const file = moduleWith('spelled-sale.js', "spellings: [{ spelling: 'sale', narrows: {} }]");
    expect(() => registerDefinedCatalogues(appWith([file]))).toThrow('CATALOGUE_MODULES: the catalogue "commercial" takes "sale", already the site\'s catalogue "listings"');
  });
});
