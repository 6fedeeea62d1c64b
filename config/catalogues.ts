import type { Core } from '@strapi/strapi';

/**
 * The catalogues defined by a descriptor module alone (decision 220), as `strapi.config.get('catalogues')`:
 * CATALOGUE_MODULES, a comma-separated list of module paths (absolute, or relative to the app's folder),
 * each exporting a catalogue definition (src/api/catalogues/define/definition.ts). None by default: the
 * site's own two catalogues are registered in code.
 */
export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  modules: env
    .array('CATALOGUE_MODULES', [])
    .map((module: string) => module.trim())
    .filter(Boolean),
});
