/**
 * What Strapi's i18n says of a translated content type: the attributes every locale shares
 * (`pluginOptions.i18n.localized: false`). Strapi copies a shared field into the other locales' rows
 * only on some writes (those of the same state, when it sees a change), so the answers take every shared
 * field from the English record: both languages always show the same (decision 59).
 */
import type { Core } from '@strapi/strapi';

interface I18nOptions {
  pluginOptions?: { i18n?: { localized?: boolean } };
}

const byUid = new Map<string, string[]>();

export function sharedFields(strapi: Core.Strapi, uid: string): string[] {
  let shared = byUid.get(uid);
  if (!shared) {
    const { attributes } = strapi.getModel(uid as never) as unknown as { attributes: Record<string, I18nOptions> };
    shared = Object.entries(attributes)
      .filter(([, attribute]) => attribute.pluginOptions?.i18n?.localized === false)
      .map(([name]) => name);
    byUid.set(uid, shared);
  }
  return shared;
}
