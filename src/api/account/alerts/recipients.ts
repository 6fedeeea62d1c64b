/**
 * Who may get alerts (issue 33): a buyer who confirmed their e-mail, is not blocked, still has the
 * Buyer role, and agreed to marketing. Asked when alerts are found and again when they are sent.
 */
import type { Core } from '@strapi/strapi';
import type { Pause } from '../../../plugins/extsource/server/src/public';
import { isActiveBuyer, USER_UID, type BuyerAccount } from '../services/buyer';

export interface Recipient {
  id: number;
  email: string;
  locale: 'en' | 'ar';
}

const CHUNK = 500;

export async function eligibleBuyers(strapi: Core.Strapi, ids: ReadonlySet<number>, pause?: Pause): Promise<Map<number, Recipient>> {
  const eligible = new Map<number, Recipient>();
  const all = [...ids];
  for (let start = 0; start < all.length; start += CHUNK) {
    const users = (await strapi.db.query(USER_UID).findMany({
      select: ['id', 'email', 'language', 'confirmed', 'blocked', 'marketing_consent'],
      where: { id: { $in: all.slice(start, start + CHUNK) } },
      populate: { role: { select: ['type'] } },
    })) as BuyerAccount[];
    for (const user of users) {
      if (isActiveBuyer(user) && user.marketing_consent === true) eligible.set(user.id, { id: user.id, email: user.email, locale: user.language === 'ar' ? 'ar' : 'en' });
    }
    await pause?.();
  }
  return eligible;
}
