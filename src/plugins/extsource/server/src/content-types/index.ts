import property from './property/schema.json';
import syncRun from './sync-run/schema.json';

export default {
  property: { schema: property },
  'sync-run': { schema: syncRun },
};
