/**
 * A buyer's own account: what they see of it, the profile fields they change, and its deletion, which
 * takes everything that hangs on it (favourites, saved searches, sessions) and erases their leads as
 * the admin's erasure does, the CRM told (decision 64).
 */
import type { Core } from '@strapi/strapi';
import { eraseLeadsOf } from '../../contact/services/person-erasure';
import type { ProfileChange } from '../lib/profile';
import { USER_UID, type BuyerAccount } from './buyer';
import { accountDataService } from './personal-data';

/** GET /api/v1/me: the account without its password hash, tokens or role. */
export function accountView(buyer: BuyerAccount) {
  return {
    id: buyer.id,
    email: buyer.email,
    username: buyer.username,
    name: buyer.name ?? null,
    phone: buyer.phone ?? null,
    locale: buyer.language ?? 'en',
    marketing_consent: buyer.marketing_consent === true,
    marketing_consent_version: buyer.marketing_consent_version ?? null,
    marketing_consent_at: buyer.marketing_consent_at ? new Date(buyer.marketing_consent_at).toISOString() : null,
    created_at: new Date(buyer.createdAt).toISOString(),
  };
}

export type AccountView = ReturnType<typeof accountView>;

interface UserService {
  validatePassword(password: string, hash: string): Promise<boolean>;
}

const createMeService = ({ strapi }: { strapi: Core.Strapi }) => {
  const users = () => strapi.plugin('users-permissions').service('user') as UserService;

  return {
    async update(buyer: BuyerAccount, change: ProfileChange): Promise<AccountView> {
      const updated = (await strapi.db.query(USER_UID).update({ where: { id: buyer.id }, data: change })) as BuyerAccount;
      return accountView(updated);
    },

    async passwordMatches(buyer: BuyerAccount, password: string): Promise<boolean> {
      return Boolean(buyer.password) && users().validatePassword(password, buyer.password!);
    },

    /** Deletes the account and all it holds; its leads erased and the CRM told. */
    async deleteAccount(buyer: BuyerAccount): Promise<void> {
      await eraseLeadsOf(strapi, { email: buyer.email, buyerId: buyer.id }, `buyer #${buyer.id} (account deleted)`);
      await accountDataService(strapi).eraseAccount(buyer.id);
      strapi.log.info(`account: buyer #${buyer.id} deleted their account`);
    },
  };
};

export default createMeService;
export type MeService = ReturnType<typeof createMeService>;
export const meService = (strapi: Core.Strapi) => strapi.service('api::account.me') as MeService;
