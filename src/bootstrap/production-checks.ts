/**
 * A production start refuses to run on a careless configuration: missing secrets (Strapi would
 * otherwise fail later on one of them, or make tokens that a restart invalidates), or the shipped
 * sample provider, which is demo data, without SEED_DEMO=true. Every problem is named at once.
 */
import type { Core } from '@strapi/strapi';
import { demoContentEnabled } from '../lib/seeding/seed';

/** Each secret's environment variable and where Strapi reads it. */
export const REQUIRED_SECRETS: Array<[variable: string, configPath: string]> = [
  ['APP_KEYS', 'server.app.keys'],
  ['ADMIN_JWT_SECRET', 'admin.auth.secret'],
  ['API_TOKEN_SALT', 'admin.apiToken.salt'],
  ['TRANSFER_TOKEN_SALT', 'admin.transfer.token.salt'],
  ['ENCRYPTION_KEY', 'admin.secrets.encryptionKey'],
  ['JWT_SECRET', 'plugin::users-permissions.jwtSecret'],
];

const SAMPLE_DRIVERS: Array<[variable: string, configPath: string]> = [
  ['EXTSOURCE_LISTINGS_DRIVER', 'plugin::extsource.listingsDriver'],
  ['EXTSOURCE_PROJECTS_DRIVER', 'plugin::extsource.projectsDriver'],
];

const isSet = (value: unknown): boolean =>
  Array.isArray(value) ? value.length > 0 && value.every(isSet) : typeof value === 'string' && value.trim() !== '';

/** What is wrong for a production start, as sentences; empty when nothing is. */
export function productionProblems(read: (configPath: string) => unknown, demoContent: boolean): string[] {
  const problems: string[] = [];
  const missing = REQUIRED_SECRETS.filter(([, configPath]) => !isSet(read(configPath))).map(([variable]) => variable);
  if (missing.length) problems.push(`missing secrets: ${missing.join(', ')} (set each to a long random value, the same on every instance)`);
  const samples = SAMPLE_DRIVERS.filter(([, configPath]) => read(configPath) === 'sample').map(([variable]) => variable);
  if (samples.length && !demoContent) {
    problems.push(`${samples.join(' and ')} ${samples.length > 1 ? 'are' : 'is'} "sample" (demo data): set the provider drivers, or SEED_DEMO=true to run the demo`);
  }
  return problems;
}

export function assertProductionReady(strapi: Core.Strapi): void {
  const environment = String(strapi.config.get('environment'));
  if (environment !== 'production') return;
  const problems = productionProblems((configPath) => strapi.config.get(configPath), demoContentEnabled(environment));
  if (problems.length === 0) return;
  const message = ['Refusing to start in production (see the production checklist in README.md):', ...problems.map((problem) => `  - ${problem}`)].join('\n');
  const error = new Error(message);
  error.stack = message; // the reasons are the whole story: no stack trace after them
  throw error;
}
