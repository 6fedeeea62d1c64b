/** The plugin's stop: the read-ahead of project details stops between two reads, and the threads reading details end. */
import type { Core } from '@strapi/strapi';
import { endDetailThreads } from './drivers/reelly-detail-reader';
import type { ProjectsService } from './services/projects';

export default async function destroy({ strapi }: { strapi: Core.Strapi }): Promise<void> {
  (strapi.plugin('extsource').service('projects') as ProjectsService).stop();
  await endDetailThreads();
}
