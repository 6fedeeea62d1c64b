import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { ApiError, success } from '../../../lib/envelope';
import { representationOf } from '../../../lib/representation';
import { validateContact } from '../lib/contact-validation';
import { CONFIRMATION, contactService } from '../services/contact';
import { contactPageService } from '../services/contact-page';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async submit(ctx: Context) {
    const body: unknown = ctx.request.body ?? {};
    if (!isPlainObject(body)) throw new ApiError(400, 'BAD_REQUEST', 'The request body must be a JSON object or a form');
    const result = validateContact(body);
    if (!result.ok) throw ApiError.validation(result.errors);

    const { id } = await contactService(strapi).submit(result.value);
    ctx.status = 201;
    ctx.body = success({ id }, 201, CONFIRMATION);
  },

  async page(ctx: Context) {
    const cached = await contactPageService(strapi).cachedResponse();
    ctx.type = 'application/json; charset=utf-8';
    ctx.state.representation = representationOf(cached);
    ctx.body = cached.bytes;
  },
});
