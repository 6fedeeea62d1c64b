/** The catalogues every unit test reads through the registry, registered as src/index.ts registers them at the start. */
import { registerOffPlanCatalogue } from '../../../src/api/off-plan/catalogue-entry';
import { registerPropertiesCatalogue } from '../../../src/api/properties/catalogue-entry';

registerOffPlanCatalogue();
registerPropertiesCatalogue();
