/** The plugin's stop: the read-ahead of project details stops between two reads. */
import type { Core } from '@strapi/strapi';
import type { ProjectsService } from './services/projects';

export default function destroy({ strapi }: { strapi: Core.Strapi }): void {
  (strapi.plugin('extsource').service('projects') as ProjectsService).stop();
}
