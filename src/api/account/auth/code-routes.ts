/**
 * The routes that work with e-mailed codes, replacing the plugin's: codes are hashed at rest, expire and
 * work once (src/api/account/lib/codes.ts); forgot-password and send-email-confirmation answer before
 * looking anything up, the same for every address, so neither their answer nor its time tells whether
 * an address has an account (docs/security.md, "Accounts").
 */
import type { Core } from '@strapi/strapi';
import { errors, validateYupSchema, yup } from '@strapi/utils';
import type { Context } from 'koa';
import { codeExpired, storedFormOf } from '../lib/codes';
import { passwordProblem } from '../lib/password-policy';
import { afterAnswer, storeCodeAndMail } from './mail';
import { USER_UID } from './settings';
import { answerWithFreshSession } from './tokens';

interface AccountRow {
  id: number;
  email: string;
  language?: string | null;
  confirmed?: boolean | null;
  blocked?: boolean | null;
}

const emailBody = yup.object({ email: yup.string().email().required() });
const confirmationQuery = yup.object({ confirmation: yup.string().required() });
const passwordField = yup
  .string()
  .required()
  .test('bcrypt-length', 'Password must be less than 73 bytes', (value) => !value || new TextEncoder().encode(value).length <= 72);
const resetBody = yup
  .object({
    password: passwordField,
    passwordConfirmation: yup.string().required().oneOf([yup.ref('password')], 'Passwords do not match'),
    code: yup.string().required(),
  })
  .noUnknown();

const findByEmail = (strapi: Core.Strapi, email: string): Promise<AccountRow | null> =>
  strapi.db.query(USER_UID).findOne({ where: { email: email.toLowerCase() } });

export function codeRoutes(strapi: Core.Strapi) {
  return {
    async forgotPassword(ctx: Context) {
      const { email } = await validateYupSchema(emailBody.noUnknown())(ctx.request.body);
      afterAnswer(strapi, 'a password reset', async () => {
        const user = await findByEmail(strapi, email);
        if (user && !user.blocked) await storeCodeAndMail(strapi, user, 'reset');
      });
      ctx.body = { ok: true };
    },

    async sendEmailConfirmation(ctx: Context) {
      const { email } = await validateYupSchema(emailBody)(ctx.request.body);
      afterAnswer(strapi, 'a confirmation e-mail', async () => {
        const user = await findByEmail(strapi, email);
        if (user && !user.confirmed && !user.blocked) await storeCodeAndMail(strapi, user, 'confirmation');
      });
      ctx.body = { email, sent: true };
    },

    /** The code from the e-mail's link: confirms the address once, then sends the browser to the website. */
    async emailConfirmation(ctx: Context) {
      const { confirmation } = await validateYupSchema(confirmationQuery)(ctx.query);
      const expired = codeExpired(confirmation, Date.now());
      const { count } = expired
        ? { count: 0 }
        : await strapi.db.query(USER_UID).updateMany({
            where: { confirmationToken: storedFormOf(confirmation) },
            data: { confirmed: true, confirmationToken: null },
          });
      if (count !== 1) throw new errors.ValidationError('Invalid token');
      const advanced = (await strapi.store({ type: 'plugin', name: 'users-permissions' }).get({ key: 'advanced' })) as {
        email_confirmation_redirection?: string | null;
      };
      ctx.redirect(advanced.email_confirmation_redirection || '/');
    },

    /**
     * A new password for the code's account, which signs it in (Strapi's answer) and ends its other
     * sessions. The code proves the mailbox, so an unconfirmed address is confirmed by it.
     */
    async resetPassword(ctx: Context) {
      const { password, code } = await validateYupSchema(resetBody)(ctx.request.body);
      const stored = storedFormOf(code);
      const user: AccountRow | null = codeExpired(code, Date.now()) ? null : await strapi.db.query(USER_UID).findOne({ where: { resetPasswordToken: stored } });
      if (!user || user.blocked) throw new errors.ValidationError('Incorrect code provided');
      const weak = passwordProblem(password, user.email);
      if (weak) throw new errors.ValidationError(weak);
      // Taken in one statement: of two requests with the same code, one wins.
      const { count } = await strapi.db.query(USER_UID).updateMany({
        where: { id: user.id, resetPasswordToken: stored },
        data: { resetPasswordToken: null, confirmed: true, confirmationToken: null },
      });
      if (count !== 1) throw new errors.ValidationError('Incorrect code provided');
      await strapi.plugin('users-permissions').service('user').edit(user.id, { password });
      await answerWithFreshSession(strapi, ctx, user.id);
    },
  };
}
