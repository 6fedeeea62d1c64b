/** The start-up checks of a production start, and when demo content is on. */
import { describe, expect, it } from 'vitest';
import { productionProblems, REQUIRED_SECRETS } from '../../src/bootstrap/production-checks';
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

  it('has demo content on in development only, unless SEED_DEMO says otherwise', () => {
    expect(demoContentEnabled('development', '')).toBe(true);
    expect(demoContentEnabled('production', '')).toBe(false);
    expect(demoContentEnabled('test', '')).toBe(false);
    expect(demoContentEnabled('production', 'true')).toBe(true);
    expect(demoContentEnabled('development', 'false')).toBe(false);
  });
});
