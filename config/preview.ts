import type { Core } from '@strapi/strapi';
import { previewSettingsFrom } from '../src/lib/preview';

/**
 * The website's preview (decisions 61, 83), as `strapi.config.get('preview')`: the settings Strapi's
 * Preview panel signs its links with (config/admin.ts) and draft reads check them with
 * (global::draft-reads); `{}` when the panel is off.
 */
export default ({ env }: Core.Config.Shared.ConfigParams) => previewSettingsFrom((name) => env(name)) ?? {};
