/**
 * Stores contact submissions: the lead and one delivery row per configured target (the desk's inbox,
 * the CRM webhook) in one transaction, committed before the caller answers 201. The delivery worker
 * (../deliveries) sends them afterwards, off the request path, so no target can slow or fail the POST.
 * The same transaction decides whether the lead repeats an earlier one (../repeats): a repeat is kept
 * as a lead of its own, the desk is not e-mailed again and the CRM is told of it as `lead.repeated`.
 *
 * On SQLite every statement, the commit's sync included, runs on the thread that answers visitors:
 * stored in one go, a lead held it some 5 ms, and at 20 leads a second every other answer's p99 tripled.
 * Its steps go a turn of the event loop each (decision 178), so requests that arrived meanwhile are
 * answered between them.
 */
import { setImmediate as nextTurn } from 'timers/promises';
import { createId } from '@paralleldrive/cuid2';
import type { Core } from '@strapi/strapi';
import { ApiError } from '../../../lib/envelope';
import { errorMessage } from '../../../lib/errors';
import { DEFAULT_LOCALE, type Locale } from '../../../lib/locale';
import { leadsStored } from '../lib/metrics';
import { pageUrl } from '../../website/services/site-pages';
import { catalogueEnquiredAs } from '../../catalogues/services/registry';
import { deliveryStore } from '../deliveries/store';
import { configuredTargets } from '../deliveries/targets';
import { deliverySettings, kickDeliveryWorker } from '../deliveries/worker';
import type { ContactSubmission } from '../lib/contact-validation';
import type { Attribution, EnquiryType } from '../lib/lead-enquiry';
import { repeatKeys, repeatSubject } from '../lib/lead-repeat';
import { routeLead, type Route } from '../lib/lead-routing';
import { CONTACT_TYPE, CONTACT_UID } from '../lib/lead-type';
import { listingSnapshot, type ListingSnapshot } from '../lib/listing-snapshot';
import { projectSnapshot, type ProjectSnapshot } from '../lib/project-snapshot';
import { repeatStore } from '../repeats/store';
import { activeRouteRules } from './lead-routes';

const HOUR_MS = 60 * 60 * 1000;

/** What a submission is about, its project found in the feed or its listing on the site. */
export interface LeadEnquiry {
  enquiry_type: EnquiryType;
  project?: ProjectSnapshot;
  listing?: ListingSnapshot;
  source: Attribution;
}

const GENERAL: LeadEnquiry = { enquiry_type: 'general', source: {} };

function enquiryFields(enquiry: LeadEnquiry, route: Route) {
  const { project, listing } = enquiry;
  return {
    enquiry_type: enquiry.enquiry_type,
    // The column holds 255 characters (the whole name stays in the snapshot): a feed's longer name is cut, never refused.
    ...(project ? { project_id: project.id, project_name: project.name.slice(0, 255), project } : {}),
    ...(listing ? { listing_reference: listing.reference.slice(0, 255), listing_title: listing.title.slice(0, 255), listing } : {}),
    ...enquiry.source,
    desk: route.desk,
    desk_email: route.desk_email ?? undefined,
    crm_pipeline: route.crm_pipeline ?? undefined,
    routing_rule: route.rule ?? undefined,
  };
}

/**
 * The lead's row, in the caller's transaction, through the query engine rather than the Document
 * Service (decision 146): the submission already holds to the contract (lib/contact-validation,
 * lib/lead-enquiry), and the Document Service's entity validator rebuilds a schema of every attribute on
 * each write, a third of what storing a lead costs. What it would add for this type is added here: a
 * document id made as Strapi makes them (the query engine stamps the times, publication included).
 */
async function insertLead(strapi: Core.Strapi, data: Record<string, unknown>): Promise<number> {
  const row = (await strapi.db.query(CONTACT_UID).create({ data: { ...data, documentId: createId() }, select: ['id'] })) as { id: number };
  return Number(row.id);
}

const createContactService = ({ strapi }: { strapi: Core.Strapi }) => ({
  /** The snapshot of the feed's project `key` names (an id or a slug), with its page in `locale`; null when the feed lists none. */
  async enquiredProject(key: string, locale: Locale = DEFAULT_LOCALE): Promise<ProjectSnapshot | null> {
    const found = await catalogueEnquiredAs('project')?.enquiry.find(strapi, key, locale);
    return found?.kind === 'project' ? projectSnapshot(found.project, found.slug, pageUrl('project', locale, { slug: found.slug })) : null;
  },

  /** The snapshot of the listing on the site `key` names (an id, a slug or a reference), its page in `locale`; null when none. */
  async enquiredListing(key: string, locale: Locale = DEFAULT_LOCALE): Promise<ListingSnapshot | null> {
    const found = await catalogueEnquiredAs('listing')?.enquiry.find(strapi, key, locale);
    return found?.kind === 'listing' ? listingSnapshot(found.listing) : null;
  },

  /**
   * Stores the lead with the language it was sent in (its deliveries carry it), linked to the buyer
   * account that sent it, if any (its id), routed to its desk.
   */
  async submit(lead: ContactSubmission, locale: Locale = DEFAULT_LOCALE, buyer?: number, enquiry: LeadEnquiry = GENERAL): Promise<{ id: number; repeat_of?: number }> {
    // Apart from the request's reading and checking.
    await nextTurn();
    const settings = deliverySettings(strapi);
    const windowMs = Number(strapi.config.get('contact.repeatWindowHours', 24)) * HOUR_MS;
    const keys = repeatKeys(lead, repeatSubject(enquiry));
    let stored: { id: number; repeat_of?: number; route: Route; deliveries: number };
    try {
      const route = routeLead(await activeRouteRules(strapi), {
        enquiry_type: enquiry.enquiry_type,
        emirate: enquiry.project?.emirate ?? enquiry.listing?.emirate,
        developer: enquiry.project?.developer,
        utm_campaign: enquiry.source.utm_campaign,
      });
      stored = await strapi.db.transaction(async ({ trx }) => {
        const now = Date.now();
        // The time of consent is the time of the submission that gave it.
        const consentAt = lead.consent === true ? new Date(now).toISOString() : undefined;
        const data = { ...lead, consent_at: consentAt, contact_type: CONTACT_TYPE, language: locale, ...(buyer === undefined ? {} : { buyer }), ...enquiryFields(enquiry, route) };
        const id = await insertLead(strapi, data);
        await nextTurn();
        const repeatOf = windowMs > 0 ? await repeatStore(strapi).claim(trx, keys, id, now - windowMs, now) : undefined;
        const targets = repeatOf === undefined
          ? configuredTargets({ ...settings, notifyEmail: route.desk_email ?? settings.notifyEmail })
          : configuredTargets(settings).filter((target) => target === 'webhook');
        if (repeatOf !== undefined) await strapi.db.query(CONTACT_UID).update({ where: { id }, data: { repeat_of: repeatOf } });
        await deliveryStore(strapi).record(trx, id, targets, now, repeatOf === undefined ? 'lead.created' : 'lead.repeated');
        // The commit (and its sync) in a turn of its own.
        await nextTurn();
        return { id, repeat_of: repeatOf, route, deliveries: targets.length };
      });
    } catch (error) {
      strapi.log.error(`contact: storing a submission failed: ${errorMessage(error)}`);
      throw new ApiError(500, 'SERVER_ERROR', 'Failed to submit contact form: storage unavailable');
    }
    await nextTurn();
    leadsStored.inc({ enquiry_type: enquiry.enquiry_type, desk: stored.route.desk });
    // A kick wakes every lane to claim: only worth its transactions when there is something to send.
    if (stored.deliveries > 0) kickDeliveryWorker();
    return { id: stored.id, ...(stored.repeat_of === undefined ? {} : { repeat_of: stored.repeat_of }) };
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
