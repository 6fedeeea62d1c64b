/**
 * Stores contact submissions (the row is committed before the caller answers 201) and notifies the
 * sales inbox afterwards, without ever letting the e-mail affect the stored record or the response.
 */
import type { Core } from '@strapi/strapi';
import { ApiError } from '../../../lib/envelope';
import type { ContactSubmission } from '../lib/contact-validation';
import { leadEmail } from '../lib/notification';

export const CONTACT_UID = 'api::contact.contact';
export const CONTACT_TYPE = 'Website Contact Form';
export const CONFIRMATION = 'Your message has been received. We will get back to you soon.';

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

const createContactService = ({ strapi }: { strapi: Core.Strapi }) => ({
  async submit(lead: ContactSubmission): Promise<{ id: number }> {
    let id: number;
    try {
      const stored = await strapi.documents(CONTACT_UID).create({ data: { ...lead, contact_type: CONTACT_TYPE } });
      id = Number(stored.id);
    } catch (error) {
      strapi.log.error(`contact: storing a submission failed: ${reason(error)}`);
      throw new ApiError(500, 'SERVER_ERROR', 'Failed to submit contact form: storage unavailable');
    }
    this.notify(id, lead);
    return { id };
  },

  /** Fire and forget: a failed send is logged, nothing else. */
  notify(id: number, lead: ContactSubmission): void {
    const to = String(strapi.config.get('contact.notifyEmail', ''));
    if (!to) return;
    const email = leadEmail(to, id, lead);
    strapi
      .plugin('email')
      .service('email')
      .send(email)
      .catch((error: unknown) => strapi.log.error(`contact: notification e-mail for submission #${id} failed: ${reason(error)}`));
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
