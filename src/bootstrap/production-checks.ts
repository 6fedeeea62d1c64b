/**
 * A start refuses to run on a careless configuration. In every environment: a provider driver the plugin
 * does not have (every sync would fail and the site list nothing). In production also: missing secrets
 * (Strapi would otherwise fail later on one of them, or make tokens that a restart invalidates), or the
 * shipped sample provider, which is demo data, without SEED_DEMO=true. Every problem is named at once.
 */
import type { Core } from '@strapi/strapi';
import { demoContentEnabled } from '../lib/seeding/seed';
import { LISTINGS_DRIVERS, namesAsChoice, PROJECTS_DRIVERS } from '../plugins/extsource/server/src/public';

/** Each secret's environment variable and where Strapi reads it. */
export const REQUIRED_SECRETS: Array<[variable: string, configPath: string]> = [
  ['APP_KEYS', 'server.app.keys'],
  ['ADMIN_JWT_SECRET', 'admin.auth.secret'],
  ['API_TOKEN_SALT', 'admin.apiToken.salt'],
  ['TRANSFER_TOKEN_SALT', 'admin.transfer.token.salt'],
  ['ENCRYPTION_KEY', 'admin.secrets.encryptionKey'],
  ['JWT_SECRET', 'plugin::users-permissions.jwtSecret'],
];

/** Each driver setting's environment variable, where Strapi reads it, what it drives and the drivers it may name. */
const DRIVER_SETTINGS: Array<[variable: string, configPath: string, drives: string, known: readonly string[]]> = [
  ['EXTSOURCE_LISTINGS_DRIVER', 'plugin::extsource.listingsDriver', 'listings', LISTINGS_DRIVERS],
  ['EXTSOURCE_PROJECTS_DRIVER', 'plugin::extsource.projectsDriver', 'projects', PROJECTS_DRIVERS],
];

const isSet = (value: unknown): boolean =>
  Array.isArray(value) ? value.length > 0 && value.every(isSet) : typeof value === 'string' && value.trim() !== '';

/** What is wrong for a start in any environment, as sentences; empty when nothing is. */
export function configurationProblems(read: (configPath: string) => unknown): string[] {
  return DRIVER_SETTINGS.filter(([, configPath, , known]) => !known.includes(String(read(configPath)))).map(
    ([variable, configPath, drives, known]) => `${variable} is "${String(read(configPath))}", which is no ${drives} driver: set it to ${namesAsChoice(known)}`
  );
}

/** What is wrong for a production start, as sentences; empty when nothing is. */
export function productionProblems(read: (configPath: string) => unknown, demoContent: boolean): string[] {
  const problems: string[] = [];
  const missing = REQUIRED_SECRETS.filter(([, configPath]) => !isSet(read(configPath))).map(([variable]) => variable);
  if (missing.length) problems.push(`missing secrets: ${missing.join(', ')} (set each to a long random value, the same on every instance)`);
  const samples = DRIVER_SETTINGS.filter(([, configPath]) => read(configPath) === 'sample').map(([variable]) => variable);
  if (samples.length && !demoContent) {
    problems.push(`${samples.join(' and ')} ${samples.length > 1 ? 'are' : 'is'} "sample" (demo data): set the provider drivers, or SEED_DEMO=true to run the demo`);
  }
  return problems;
}

export function assertStartable(strapi: Core.Strapi): void {
  const environment = String(strapi.config.get('environment'));
  const read = (configPath: string) => strapi.config.get(configPath);
  const production = environment === 'production';
  const problems = [...configurationProblems(read), ...(production ? productionProblems(read, demoContentEnabled(environment)) : [])];
  if (problems.length === 0) return;
  const heading = production ? 'Refusing to start in production (see the production checklist in README.md):' : 'Refusing to start:';
  const message = [heading, ...problems.map((problem) => `  - ${problem}`)].join('\n');
  const error = new Error(message);
  error.stack = message; // the reasons are the whole story: no stack trace after them
  throw error;
}
