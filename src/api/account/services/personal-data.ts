/**
 * A buyer's account as personal data (issue 33): the holder the admin's Personal data page reaches
 * through the contact domain's registry (registered in `src/index.ts`). A person looked up by e-mail or
 * phone finds their accounts; their export holds each account (no password hash, codes or sessions) with
 * every part listed in ACCOUNT_PARTS; their erasure deletes the accounts with all that hangs on them and
 * ends their sessions (their leads, linked or not, are erased by the leads' own erasure, the CRM told).
 * ACCOUNT_RETENTION_DAYS erases buyer accounts not used for that long (`last_active_at`, else creation).
 */
import type { Core } from '@strapi/strapi';
import { linkedLeadIds } from '../../contact/services/person-erasure';
import { isPersonsContact, type PersonalDataHolder, type PersonQuery } from '../../contact/services/personal-data-holders';
import { accountRecord, accountSummary, dormantBefore, type StoredAccount } from '../lib/account-record';
import { alertStore } from '../alerts/store';
import { alertsService } from './alerts';
import { BUYER_ROLE_TYPE, USER_UID } from './buyer';
import { FAVORITE_UID, favoritesService } from './favorites';
import { savedSearchesService } from './saved-searches';

/** Users read per query while looking a number up or finding dormant accounts: memory stays flat. */
const SCAN_BATCH = 1000;

type AccountPart = (strapi: Core.Strapi, accountId: number) => Promise<unknown>;

/** What hangs on an account, each a part of its export (part C adds its alert deliveries here, one line). */
const ACCOUNT_PARTS: Record<string, AccountPart> = {
  favorites: async (strapi, accountId) =>
    ((await strapi.db.query(FAVORITE_UID).findMany({ where: { buyer: { id: accountId } }, orderBy: { id: 'asc' } })) as Array<{ project_id: string | null; listing_reference: string | null; createdAt: string }>).map((row) => ({
      project_id: row.project_id,
      listing_reference: row.listing_reference,
      favorited_at: new Date(row.createdAt).toISOString(),
    })),
  saved_searches: (strapi, accountId) => savedSearchesService(strapi).list(accountId),
  alerts: (strapi, accountId) => alertsService(strapi).ofBuyer(accountId),
};

interface UsersService {
  remove(params: { id: number }): Promise<unknown>;
}

const createAccountDataService = ({ strapi }: { strapi: Core.Strapi }) => {
  const users = () => strapi.db.query(USER_UID);

  /** The accounts with the person's address (any case) or number (any spelling, compared as the leads'). */
  async function accountsOf(query: PersonQuery): Promise<StoredAccount[]> {
    if (query.by === 'email') return (await users().findMany({ where: { email: { $eqi: query.value } }, populate: ['role'], orderBy: { id: 'asc' } })) as StoredAccount[];
    const found: number[] = [];
    for (let lastId = 0; ; ) {
      const batch = (await users().findMany({ select: ['id', 'phone'], where: { id: { $gt: lastId }, phone: { $notNull: true } }, orderBy: { id: 'asc' }, limit: SCAN_BATCH })) as Array<{ id: number; phone: string }>;
      for (const user of batch) if (isPersonsContact(user, query)) found.push(user.id);
      if (batch.length < SCAN_BATCH) break;
      lastId = batch[batch.length - 1].id;
    }
    return found.length ? ((await users().findMany({ where: { id: { $in: found } }, populate: ['role'], orderBy: { id: 'asc' } })) as StoredAccount[]) : [];
  }

  /** Deletes the account and all that hangs on it; the plugin's removal ends its sessions ('refresh' mode). */
  async function eraseAccount(accountId: number): Promise<void> {
    await favoritesService(strapi).removeAll(accountId);
    await savedSearchesService(strapi).removeAll(accountId);
    await alertStore(strapi).forgetBuyer(accountId);
    await (strapi.plugin('users-permissions').service('user') as UsersService).remove({ id: accountId });
  }

  /** The ids of buyer accounts last used before `before` (never used: created before it), a batch at a time. */
  async function dormantIds(before: Date, afterId: number): Promise<number[]> {
    const rows = (await users().findMany({
      select: ['id'],
      where: {
        id: { $gt: afterId },
        role: { type: BUYER_ROLE_TYPE },
        $or: [{ last_active_at: { $lt: before } }, { last_active_at: null, createdAt: { $lt: before } }],
      },
      orderBy: { id: 'asc' },
      limit: SCAN_BATCH,
    })) as Array<{ id: number }>;
    return rows.map((row) => row.id);
  }

  const holder: PersonalDataHolder = {
    key: 'account',

    async find(query) {
      return (await accountsOf(query)).map(accountSummary);
    },

    async export(query) {
      return Promise.all(
        (await accountsOf(query)).map(async (account) => {
          const parts = await Promise.all(Object.entries(ACCOUNT_PARTS).map(async ([name, read]) => [name, await read(strapi, account.id)] as const));
          return { ...accountRecord(account), ...Object.fromEntries(parts) };
        })
      );
    },

    async linkedLeads(query) {
      return linkedLeadIds(strapi, (await accountsOf(query)).map((account) => account.id));
    },

    async erase(query, requestedBy) {
      const accounts = await accountsOf(query);
      for (const account of accounts) await eraseAccount(account.id);
      if (accounts.length) strapi.log.info(`personal data: erased account(s) #${accounts.map((account) => account.id).join(', #')} for ${requestedBy}`);
      return accounts.length;
    },

    retention: {
      days: () => Number(strapi.config.get('accounts.retentionDays', 0)),
      async run(days, now) {
        const before = dormantBefore(days, now);
        let erased = 0;
        for (let ids = await dormantIds(before, 0); ids.length > 0; ids = await dormantIds(before, ids[ids.length - 1])) {
          for (const id of ids) await eraseAccount(id);
          erased += ids.length;
        }
        return erased;
      },
    },
  };

  return { holder, eraseAccount };
};

export default createAccountDataService;
export type AccountDataService = ReturnType<typeof createAccountDataService>;
export const accountDataService = (strapi: Core.Strapi) => strapi.service('api::account.personal-data') as AccountDataService;
