import projectDetail from './project-detail/schema.json';
import property from './property/schema.json';
import syncRun from './sync-run/schema.json';

export default {
  'project-detail': { schema: projectDetail },
  property: { schema: property },
  'sync-run': { schema: syncRun },
};
