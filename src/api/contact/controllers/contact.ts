import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { ApiError, success } from '../../../lib/envelope';
import { readsDraft, versionsFor } from '../../../lib/drafts';
import { requestLocale } from '../../../lib/locale';
import { sendCached } from '../../../lib/send';
import { CONTACT_MESSAGES } from '../lib/contact-messages';
import { validateContact } from '../lib/contact-validation';
import { validateEnquiry } from '../lib/lead-enquiry';
import { contactService } from '../services/contact';
import { contactPageService } from '../services/contact-page';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async submit(ctx: Context) {
    const locale = requestLocale(ctx.state);
    const messages = CONTACT_MESSAGES[locale];
    const body: unknown = ctx.request.body ?? {};
    if (!isPlainObject(body)) throw new ApiError(400, 'BAD_REQUEST', messages.notAForm);
    const result = validateContact(body, locale, { requireConsent: strapi.config.get('contact.requireConsent') === true });
    const enquiry = validateEnquiry(body, locale);
    const errors = { ...(result.ok ? {} : result.errors), ...enquiry.errors };
    if (!result.ok || Object.keys(errors).length > 0) throw ApiError.validation(errors, messages.validationFailed);
    const { project_key, listing_key, ...about } = enquiry.value;
    const project = project_key === undefined ? undefined : await contactService(strapi).enquiredProject(project_key, locale);
    if (project === null) throw ApiError.validation({ project_id: [messages.projectUnknown] }, messages.validationFailed);
    const listing = listing_key === undefined ? undefined : await contactService(strapi).enquiredListing(listing_key, locale);
    if (listing === null) throw ApiError.validation({ listing_id: [messages.listingUnknown] }, messages.validationFailed);

    // A signed-in buyer's lead is linked to their account (api::account.known-buyer on the route);
    // a token that names no buyer links nothing.
    const buyer = (ctx.state.buyer as { id: number } | undefined)?.id;
    const { id } = await contactService(strapi).submit(result.value, locale, buyer, { ...about, ...(project ? { project } : {}), ...(listing ? { listing } : {}) });
    // A brochure enquiry is answered with the brochure, for the site to open once the form is sent.
    const brochureUrl = (project ?? listing)?.brochure_url;
    const brochure = about.enquiry_type === 'brochure' && brochureUrl ? { brochure_url: brochureUrl } : {};
    ctx.status = 201;
    ctx.body = success({ id, ...brochure }, 201, messages.confirmation);
  },

  async page(ctx: Context) {
    const locale = requestLocale(ctx.state);
    if (readsDraft(ctx.state)) {
      ctx.body = await contactPageService(strapi).draftResponse(locale, versionsFor(ctx.state));
      return;
    }
    sendCached(ctx, await contactPageService(strapi).cachedResponse(locale));
  },
});
