/**
 * Where the projects are (decisions 121-123): the catalogue's map layer (src/lib/catalogue/map-layer.ts)
 * over the projects' coordinates, one per collection, and the projects without coordinates in name order.
 */
import type { NormalisedProject } from '../../../plugins/extsource/server/src/public';
import { placesOf, type CatalogueGeo } from '../../../lib/catalogue/map-layer';

/**
 * The layer of a collection's projects, per collection: every locale's index of it shares one (their
 * projects are in the same order, at the same places), and so do its similar projects (similar-projects.ts),
 * so its spatial index and clusters are built once.
 */
const layers = new WeakMap<readonly NormalisedProject[], Pick<CatalogueGeo, 'all' | 'memberOf'>>();

export function collectionLayer(projects: readonly NormalisedProject[]): Pick<CatalogueGeo, 'all' | 'memberOf'> {
  const kept = layers.get(projects);
  if (kept) return kept;
  const layer = placesOf(projects, ({ coordinates: at }) => (at ? [at.latitude, at.longitude] : null));
  layers.set(projects, layer);
  return layer;
}

/** The places of `projects` (the collection's records, as the index's in any locale); `nameOrder`: every position in name order. */
export function projectGeo(projects: readonly NormalisedProject[], nameOrder: Int32Array): CatalogueGeo {
  const { all, memberOf } = collectionLayer(projects);
  return { all, memberOf, unplaced: nameOrder.filter((position) => memberOf[position] < 0) };
}
