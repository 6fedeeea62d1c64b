/**
 * The one-click unsubscribe of alert e-mails (RFC 8058): `POST /api/v1/unsubscribe?token=...` stops
 * what the signed token names, with no sign-in (a mail client posts `List-Unsubscribe=One-Click`,
 * whatever the body); `GET` with the same token shows what it would stop and stops nothing, as link
 * scanners follow GETs. A forged or altered token is a 403 envelope. Answers are private, never cached.
 */
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { ApiError, success } from '../../../lib/envelope';
import { requestLocale } from '../../../lib/locale';
import { UNSUBSCRIBE_MESSAGES } from '../lib/unsubscribe-messages';
import { alertsService } from '../services/alerts';

async function readToken(strapi: Core.Strapi, ctx: Context) {
  const read = await alertsService(strapi).read(ctx.query.token);
  if (!read) throw new ApiError(403, 'FORBIDDEN', UNSUBSCRIBE_MESSAGES[requestLocale(ctx.state)].invalid);
  ctx.set('Cache-Control', 'private, no-store');
  return read;
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async show(ctx: Context) {
    const { subjects, unsubscribed } = await readToken(strapi, ctx);
    const messages = UNSUBSCRIBE_MESSAGES[requestLocale(ctx.state)];
    ctx.body = success({ unsubscribed, subjects }, 200, unsubscribed ? messages.done : messages.shown);
  },

  async confirm(ctx: Context) {
    const { claim, subjects } = await readToken(strapi, ctx);
    await alertsService(strapi).unsubscribe(claim);
    ctx.body = success({ unsubscribed: true, subjects }, 200, UNSUBSCRIBE_MESSAGES[requestLocale(ctx.state)].done);
  },
});
