import type { Core } from '@strapi/strapi';

/** Buyer accounts (src/api/account; docs/security.md, "Personal data"). */
export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  /** Accounts not signed in to or used for this many days are erased by the daily retention run; 0 keeps them. */
  retentionDays: Math.max(0, env.int('ACCOUNT_RETENTION_DAYS', 0)),
});
