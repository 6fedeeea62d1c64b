/**
 * The catalogues' slugs (decisions 109-110), this domain's second front door: the kinds of slug the site
 * gives, each unique among its own (a project's, a developer's, a listing's, and a composed page's, whose
 * slug is its editor's: decision 168), kept in one table on the slug service of src/lib/catalogue. The
 * table is named `offplan_slugs` since it held the off-plan side's alone; renaming it would move every
 * slug ever given, so the name stays, said here once.
 */
import type { Core } from '@strapi/strapi';
import { slugModel, slugStore as slugStoreOf, type SlugTableNames } from '../../../lib/catalogue/slug-store';

/** A defined catalogue's items' slugs are of the kind its name says (decision 220). */
export type SlugKind = 'project' | 'developer' | 'listing' | 'page' | `catalogue:${string}`;

const SLUG_TABLE: SlugTableNames = { uid: 'app::offplan-slug', singularName: 'offplan-slug', tableName: 'offplan_slugs' };

/** The table, registered with Strapi's own schema sync (src/index.ts). */
export const SLUG_MODEL = slugModel(SLUG_TABLE);

export const slugStore = (strapi: Core.Strapi) => slugStoreOf<SlugKind>(strapi, SLUG_TABLE);
