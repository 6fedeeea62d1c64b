/**
 * Who may use the editors' fields: an admin whose role may read the content type the field is on, as
 * the Content Manager decides it (its permission checker, the Strapi internal the lead routes use too).
 * A field's routes show only what the public site shows, but only to those who edit with them.
 */
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { errors } from '@strapi/utils';

interface PermissionChecker {
  cannot: { read(): boolean };
}

/** Throws the admin API's 400 for a model that is no content type, its 403 when the caller may not read it. */
export function assertMayEdit(strapi: Core.Strapi, ctx: Context, model: unknown): void {
  if (typeof model !== 'string' || !strapi.contentTypes[model as never]) throw new errors.ValidationError('model must name a content type');
  const checkers = strapi.plugin('content-manager').service('permission-checker') as { create(options: { userAbility: unknown; model: string }): PermissionChecker };
  if (checkers.create({ userAbility: ctx.state.userAbility, model }).cannot.read()) throw new errors.ForbiddenError(`You may not read ${model}`);
}
