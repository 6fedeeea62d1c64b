/**
 * Sends the confirmation, reset and signed-out e-mails. The code is stored (hashed) before the answer, the mail
 * leaves after it: a slow or absent mail server neither delays nor changes what the caller sees.
 */
import type { Core } from '@strapi/strapi';
import { accountMail, signedOutMail, websiteLink, type AccountLocale, type AccountMailKind } from '../lib/account-mail';
import { issueCode } from '../lib/codes';
import { errorMessage } from '../../../lib/errors';
import { accountSettings, USER_UID, websiteBase } from './settings';

interface MailedUser {
  id: number;
  email: string;
  language?: string | null;
}

const TOKEN_FIELD: Record<AccountMailKind, 'confirmationToken' | 'resetPasswordToken'> = {
  confirmation: 'confirmationToken',
  reset: 'resetPasswordToken',
};

/** Work left to run after the answer; its failure is logged, never thrown at anyone. */
export function afterAnswer(strapi: Core.Strapi, what: string, work: () => Promise<unknown>): void {
  setImmediate(() => {
    work().catch((error: unknown) => strapi.log.error(`accounts: ${what} failed: ${errorMessage(error)}`));
  });
}

/** Issues a new code for `user` (the previous one stops working), then mails its link. */
export async function storeCodeAndMail(strapi: Core.Strapi, user: MailedUser, kind: AccountMailKind): Promise<void> {
  const settings = accountSettings(strapi);
  const lifetimeHours = settings.codeLifetimeHours[kind];
  const { code, stored } = issueCode(Date.now(), lifetimeHours);
  await strapi.db.query(USER_UID).update({ where: { id: user.id }, data: { [TOKEN_FIELD[kind]]: stored } });

  const link =
    kind === 'confirmation'
      ? websiteLink(websiteBase(strapi), settings.paths.confirm, ['confirmation', code])
      : websiteLink(websiteBase(strapi), settings.paths.reset, ['code', code]);
  const mail = accountMail(kind, localeOf(user), link, lifetimeHours);
  afterAnswer(strapi, `the ${kind} e-mail`, () => strapi.plugin('email').service('email').send({ to: user.email, ...mail }) as Promise<unknown>);
}

const localeOf = (user: MailedUser): AccountLocale => (user.language === 'ar' ? 'ar' : 'en');

/** Tells a buyer that a sign-in of theirs was ended because its refresh token was replayed (replay.ts). */
export function mailSignedOut(strapi: Core.Strapi, userId: number): void {
  afterAnswer(strapi, 'the signed-out e-mail', async () => {
    const user = (await strapi.db.query(USER_UID).findOne({ where: { id: userId }, select: ['id', 'email', 'language'] })) as MailedUser | null;
    if (user) await strapi.plugin('email').service('email').send({ to: user.email, ...signedOutMail(localeOf(user)) });
  });
}
