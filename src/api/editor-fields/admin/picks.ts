/**
 * The pickers' admin routes (services/picks.ts). GET /editor-fields/picks: what an editor typed (`q`)
 * names of a `kind` (place, community, developer, project, listing), in the admin's `language`, each
 * counted in the section's `catalogue` when given. GET /editor-fields/picked: the project or listing a
 * field holds (`value`), as its card shows it now, or `null` once the feed no longer has it, with when it
 * left (`meta.left_at`, null while it is listed or when that is not known). Both take
 * `model`, the content type being edited.
 */
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { errors } from '@strapi/utils';
import { holdsItem, isPickKind, PICK_KINDS, type PickKind } from '../lib/picks';
import { pickedItem, picksOf } from '../services/picks';
import { assertMayEdit } from './editor-access';
import { localeOf, textParam } from './params';

const ITEM_KINDS = (Object.keys(PICK_KINDS) as PickKind[]).filter(holdsItem);

function kindOf(value: unknown): PickKind {
  if (!isPickKind(value)) throw new errors.ValidationError(`kind must be one of: ${Object.keys(PICK_KINDS).join(', ')}`);
  return value;
}

export const picksController = ({ strapi }: { strapi: Core.Strapi }) => ({
  async picks(ctx: Context) {
    const { model, kind, q, language, catalogue } = ctx.query;
    assertMayEdit(strapi, ctx, model);
    ctx.body = { data: await picksOf(strapi, kindOf(kind), q, localeOf(language, 'language'), textParam(catalogue) || undefined) };
  },

  async picked(ctx: Context) {
    const { model, kind, value, language } = ctx.query;
    assertMayEdit(strapi, ctx, model);
    const asked = kindOf(kind);
    if (!holdsItem(asked)) throw new errors.ValidationError(`kind must be one of: ${ITEM_KINDS.join(', ')}`);
    const { pick, leftAt } = await pickedItem(strapi, asked, textParam(value), localeOf(language, 'language'));
    ctx.body = { data: pick, meta: { left_at: leftAt } };
  },
});
