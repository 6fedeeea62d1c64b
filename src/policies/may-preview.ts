/**
 * On the Preview panel's URL route (`GET /content-manager/preview/url/:contentType`, decision 83): a
 * preview URL is given only to an admin who may read that entry in that locale, as the Content Manager
 * decides it (the role's read permission with its conditions, such as the Author's "is creator", and
 * its locales). Strapi 5.54 checks only that the caller is an admin.
 */
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { errors } from '@strapi/utils';

interface ReadChecker {
  can: { read(entity?: unknown): boolean };
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The entry the panel names (its draft unless `status=published`), with `createdBy` for conditions. */
async function namedEntry(strapi: Core.Strapi, uid: string, query: Record<string, unknown>): Promise<Record<string, unknown> | null> {
  const documentId = text(query.documentId);
  const locale = text(query.locale);
  const type = strapi.contentTypes[uid as keyof typeof strapi.contentTypes] as { pluginOptions?: { i18n?: { localized?: boolean } } };
  const localized = Boolean(type.pluginOptions?.i18n?.localized);
  const where = {
    ...(documentId ? { documentId } : {}),
    ...(localized && locale ? { locale } : {}),
    publishedAt: text(query.status) === 'published' ? { $notNull: true } : null,
  };
  return (await strapi.db.query(uid as never).findOne({ where, populate: ['createdBy'] })) as Record<string, unknown> | null;
}

export default async (ctx: Context, _config: unknown, { strapi }: { strapi: Core.Strapi }): Promise<boolean> => {
  const uid = String(ctx.params.contentType);
  // An unknown type is the route's own 400; nothing to read, nothing to give.
  if (!(uid in strapi.contentTypes)) return true;
  const checkers = strapi.plugin('content-manager').service('permission-checker') as {
    create(options: { userAbility: unknown; model: string }): ReadChecker;
  };
  const checker = checkers.create({ userAbility: ctx.state.userAbility, model: uid });
  const query = ctx.request.query as Record<string, unknown>;
  const entry = await namedEntry(strapi, uid, query);
  // An entry not saved in that locale yet is judged as one in that locale nobody created.
  if (!checker.can.read(entry ?? { locale: text(query.locale) || undefined })) {
    throw new errors.PolicyError('You may not read this entry in this locale, so you may not preview it');
  }
  return true;
};
