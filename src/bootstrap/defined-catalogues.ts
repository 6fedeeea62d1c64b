/**
 * The catalogues defined by a descriptor module alone (decision 220): CATALOGUE_MODULES (config/
 * catalogues.ts) names the modules; at `register` each is mounted as a Strapi API of its own (its routes
 * and controller, defineCatalogue's), registered with the registry of catalogues after the site's own,
 * and stored where the schemas keep catalogue names (a saved search's catalogue, a map's and figures'
 * section, a favourite's column), so no file outside its module names it; at `bootstrap` its builds
 * and fast-lane lookups start, and a start waits for them before it listens.
 */
import path from 'path';
import type { Core } from '@strapi/strapi';
import type { WarmUpStep } from '../lib/warm-up';
import type { CatalogueDefinition, CatalogueModule } from '../api/catalogues/define/definition';
import { apiNameOf, definedApi, definedService, type DefinedService } from '../api/catalogues/define/define-catalogue';
import { definedEntry } from '../api/catalogues/define/defined-entry';
import { catalogues, registerCatalogue, type CatalogueEntry } from '../api/catalogues/services/registry';
import { errorMessage } from '../lib/errors';

const defined = new WeakMap<Core.Strapi, Map<string, DefinedService>>();

const servicesOf = (strapi: Core.Strapi) => defined.get(strapi) ?? new Map<string, DefinedService>();

function definitionIn(file: string): CatalogueDefinition<unknown> {
  let loaded: CatalogueModule;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded = require(file) as CatalogueModule;
  } catch (error) {
    throw new Error(`CATALOGUE_MODULES: ${file} could not be loaded: ${errorMessage(error)}`);
  }
  const definition = loaded.default ?? loaded.catalogue;
  if (!definition?.name) throw new Error(`CATALOGUE_MODULES: ${file} exports no catalogue definition (default or \`catalogue\`)`);
  return definition;
}

/** Names defined by a module in this process: a Strapi started again defines them again, in place. */
const definedNames = new Set<string>();

/** A definition may not take the name or a spelling of a catalogue the site has: registering it would replace that one. */
function refuseTaken(definition: CatalogueDefinition<unknown>): void {
  const spellings = definition.spellings.map(({ spelling }) => spelling);
  for (const entry of catalogues()) {
    if (definedNames.has(entry.name)) continue;
    const taken = [entry.name, ...entry.spellings.map(({ spelling }) => spelling)].find((word) => word === definition.name || spellings.includes(word));
    if (taken) throw new Error(`CATALOGUE_MODULES: the catalogue "${definition.name}" takes "${taken}", already the site's catalogue "${entry.name}"`);
  }
}

type Enumerated = { attributes: Record<string, { enum?: string[] }> };

/** Adds `values` to an enum attribute, once each (the site's own catalogues are in the schema files already). */
function widen(schema: Enumerated | undefined, attribute: string, values: readonly string[]): void {
  const list = schema?.attributes[attribute]?.enum;
  if (list) for (const value of values) if (!list.includes(value)) list.push(value);
}

/** Where the schemas keep catalogue names and keys, made to hold the entry's. */
function storeNames(strapi: Core.Strapi, entry: CatalogueEntry): void {
  widen(strapi.contentType('api::account.saved-search') as unknown as Enumerated, 'catalogue', [entry.name]);
  const spellings = entry.spellings.map(({ spelling }) => spelling);
  for (const uid of ['sections.map', 'sections.figures']) widen(strapi.components[uid as never] as unknown as Enumerated, 'catalogue', spellings);
  const favourite = strapi.contentType('api::account.favorite') as unknown as { attributes: Record<string, unknown> };
  favourite.attributes[entry.favourites.column] ??= { type: 'string' };
}

/** At register: each CATALOGUE_MODULES module mounted, registered and stored (before the alerts' tables are added). */
export function registerDefinedCatalogues(strapi: Core.Strapi): void {
  const services = new Map<string, DefinedService>();
  defined.set(strapi, services);
  const serviceOf = (app: Core.Strapi, name: string) => servicesOf(app).get(name)!;
  for (const module of strapi.config.get<string[]>('catalogues.modules', [])) {
    const definition = definitionIn(path.resolve(strapi.dirs.app.root, module));
    if (services.has(definition.name)) throw new Error(`CATALOGUE_MODULES: two modules define the catalogue "${definition.name}"`);
    refuseTaken(definition);
    definedNames.add(definition.name);
    const service = definedService(strapi, definition);
    services.set(definition.name, service);
    strapi.get('apis').add(apiNameOf(definition), definedApi(service) as never);
    const entry = definedEntry(service, (app) => serviceOf(app, definition.name));
    registerCatalogue(entry);
    storeNames(strapi, entry);
  }
}

/** At bootstrap: each defined catalogue's builds (at start and on its tag's invalidation) and fast-lane lookups. */
export function startDefinedCatalogues(strapi: Core.Strapi): void {
  for (const service of servicesOf(strapi).values()) service.start();
}

/** Before a start listens: the defined catalogues' indexes (no step when none is defined, so a start logs what it did). */
export function definedCataloguesWarmUp(strapi: Core.Strapi): WarmUpStep[] {
  const services = [...servicesOf(strapi).values()];
  return services.length ? [{ name: 'the defined catalogues', run: () => Promise.all(services.map((service) => service.rebuilt())) }] : [];
}
