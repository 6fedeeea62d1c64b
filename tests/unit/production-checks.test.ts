/** The start-up checks of a production start and of any start, and when demo content is on. */
import { describe, expect, it } from 'vitest';
import { configurationProblems, productionProblems, REQUIRED_SECRETS } from '../../src/bootstrap/production-checks';
import { demoContentEnabled } from '../../src/lib/seeding/seed';

describe('production start checks', () => {
  const complete: Record<string, unknown> = {
    'server.app.keys': ['a', 'b'],
    'admin.auth.secret': 's',
    'admin.apiToken.salt': 's',
    'admin.transfer.token.salt': 's',
    'admin.secrets.encryptionKey': 's',
    'plugin::users-permissions.jwtSecret': 's',
    'plugin::extsource.listingsDriver': 'goyzer',
    'plugin::extsource.projectsDriver': 'reelly',
  };
  const read = (overrides: Record<string, unknown>) => (path: string) => (path in overrides ? overrides[path] : complete[path]);

  it('finds nothing wrong with a complete configuration', () => {
    expect(productionProblems(read({}), false)).toEqual([]);
  });

  it('names every missing secret, empty ones included', () => {
    const none = Object.fromEntries(REQUIRED_SECRETS.map(([, path]) => [path, undefined]));
    const [problem] = productionProblems(read({ ...none, 'server.app.keys': [''] }), false);
    for (const [variable] of REQUIRED_SECRETS) expect(problem).toContain(variable);
  });

  it('refuses the sample drivers unless the demo is asked for', () => {
    const sample = read({ 'plugin::extsource.listingsDriver': 'sample' });
    expect(productionProblems(sample, false)).toEqual([
      'EXTSOURCE_LISTINGS_DRIVER is "sample" (demo data): set the provider drivers, or SEED_DEMO=true to run the demo',
    ]);
    expect(productionProblems(sample, true)).toEqual([]);
  });

  it('names a driver setting that names no driver the plugin has, in one sentence with the known ones', () => {
    expect(configurationProblems(read({}))).toEqual([]);
    expect(configurationProblems(read({ 'plugin::extsource.listingsDriver': 'sample', 'plugin::extsource.projectsDriver': 'sample' }))).toEqual([]);
    expect(configurationProblems(read({ 'plugin::extsource.listingsDriver': 'goyzr', 'plugin::extsource.projectsDriver': 'Reelly' }))).toEqual([
      'EXTSOURCE_LISTINGS_DRIVER is "goyzr", which is no listings driver: set it to sample, goyzer, pf-xml or bayut-xml',
      'EXTSOURCE_PROJECTS_DRIVER is "Reelly", which is no projects driver: set it to sample or reelly',
    ]);
  });

  it('has demo content on in development only, unless SEED_DEMO says otherwise', () => {
    expect(demoContentEnabled('development', '')).toBe(true);
    expect(demoContentEnabled('production', '')).toBe(false);
    expect(demoContentEnabled('test', '')).toBe(false);
    expect(demoContentEnabled('production', 'true')).toBe(true);
    expect(demoContentEnabled('development', 'false')).toBe(false);
  });
});
