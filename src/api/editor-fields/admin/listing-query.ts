/**
 * GET /editor-fields/listing-query (admin API): one page section's query as the query builder shows it
 * (services/listing-query.ts). Query: `model` (the content type being edited), `component` and the
 * section's fields naming its catalogue (`purpose`, `catalogue`), `query`, `locale` (the page's) and
 * `language` (the admin's).
 */
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { errors } from '@strapi/utils';
import { isLongerThan } from '../../../lib/text-length';
import { listingQueryService } from '../services/listing-query';
import { assertMayEdit } from './editor-access';
import { localeOf, textParam } from './params';

/** The longest query a section stores (its attribute's `maxLength`). */
const MAX_QUERY = 1000;

export const listingQueryController = ({ strapi }: { strapi: Core.Strapi }) => ({
  async preview(ctx: Context) {
    const { model, component, purpose, catalogue, query, locale, language } = ctx.query;
    assertMayEdit(strapi, ctx, model);
    const asked = textParam(query);
    if (isLongerThan(asked, MAX_QUERY)) throw new errors.ValidationError(`query must be at most ${MAX_QUERY} characters`);
    const section = { __component: textParam(component), purpose, catalogue, query: asked };
    ctx.body = { data: await listingQueryService(strapi).preview({ section, locale: localeOf(locale, 'locale'), language: localeOf(language, 'language') }) };
  },
});
