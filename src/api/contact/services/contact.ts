/**
 * Stores contact submissions: the lead and one delivery row per configured target (the sales inbox,
 * the CRM webhook) in one transaction, committed before the caller answers 201. The delivery worker
 * (../deliveries) sends them afterwards, off the request path, so no target can slow or fail the POST.
 */
import type { Core } from '@strapi/strapi';
import { ApiError } from '../../../lib/envelope';
import { errorMessage } from '../../../lib/errors';
import { DEFAULT_LOCALE, type Locale } from '../../../lib/locale';
import { deliveryStore } from '../deliveries/store';
import { configuredTargets } from '../deliveries/targets';
import { deliverySettings, kickDeliveryWorker } from '../deliveries/worker';
import type { ContactSubmission } from '../lib/contact-validation';
import { CONTACT_TYPE, CONTACT_UID } from '../lib/lead-type';

const createContactService = ({ strapi }: { strapi: Core.Strapi }) => ({
  /** Stores the lead with the language it was sent in (its deliveries carry it), linked to the buyer account that sent it, if any (its documentId). */
  async submit(lead: ContactSubmission, locale: Locale = DEFAULT_LOCALE, buyer?: string): Promise<{ id: number }> {
    const targets = configuredTargets(deliverySettings(strapi));
    let id: number;
    try {
      id = await strapi.db.transaction(async ({ trx }) => {
        // The time of consent is the time of the submission that gave it.
        const consentAt = lead.consent === true ? new Date().toISOString() : undefined;
        const stored = await strapi.documents(CONTACT_UID).create({ data: { ...lead, consent_at: consentAt, contact_type: CONTACT_TYPE, language: locale, ...(buyer ? { buyer } : {}) } });
        await deliveryStore(strapi).record(trx, Number(stored.id), targets);
        return Number(stored.id);
      });
    } catch (error) {
      strapi.log.error(`contact: storing a submission failed: ${errorMessage(error)}`);
      throw new ApiError(500, 'SERVER_ERROR', 'Failed to submit contact form: storage unavailable');
    }
    if (targets.length) kickDeliveryWorker();
    return { id };
  },
});

export default createContactService;
export type ContactService = ReturnType<typeof createContactService>;
export const contactService = (strapi: Core.Strapi) => strapi.service('api::contact.contact') as ContactService;

/**
 * Whoever writes a contact (the form, the admin, a script), contact_type is the constant: the
 * client never sets it and editors cannot change it.
 */
export function enforceContactType(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    if (context.uid === CONTACT_UID && (context.action === 'create' || context.action === 'update')) {
      const params = context.params as { data?: Record<string, unknown> };
      if (params.data) params.data.contact_type = CONTACT_TYPE;
    }
    return next();
  });
}
