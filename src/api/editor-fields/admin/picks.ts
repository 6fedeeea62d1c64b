/**
 * GET /editor-fields/places (admin API): the Location control's suggestions (services/picks.ts). Query:
 * `model` (the content type being edited), `q` (what the editor typed), `language` (the admin's),
 * `catalogue` (the section's, whose items each pick counts).
 */
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { placePicks } from '../services/picks';
import { assertMayEdit } from './editor-access';
import { localeOf, textParam } from './params';

export const picksController = ({ strapi }: { strapi: Core.Strapi }) => ({
  async places(ctx: Context) {
    const { model, q, language, catalogue } = ctx.query;
    assertMayEdit(strapi, ctx, model);
    ctx.body = { data: await placePicks(strapi, q, localeOf(language, 'language'), textParam(catalogue) || undefined) };
  },
});
