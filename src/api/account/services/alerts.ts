/**
 * Buyers' alerts as the rest of the app sees them: what an unsubscribe link stops, stopping it, and a
 * buyer's alerts for their personal data export. The matching and the sending are ../alerts'.
 */
import type { Core } from '@strapi/strapi';
import { alertSettings } from '../alerts/settings';
import { alertStore } from '../alerts/store';
import { parseSubject } from '../lib/alert-rules';
import { verifyUnsubscribe, type UnsubscribeClaim } from '../lib/unsubscribe-token';

const SAVED_SEARCH_UID = 'api::account.saved-search';

export type UnsubscribeSubject = { type: 'saved_search'; id: number; name: string | null } | { type: 'favorites' };

const createAlertsService = ({ strapi }: { strapi: Core.Strapi }) => {
  const store = alertStore(strapi);

  /** The subjects a claim names, as the buyer knows them; undefined when one is not the buyer's to stop. */
  async function subjectsOf(claim: UnsubscribeClaim): Promise<UnsubscribeSubject[] | undefined> {
    const subjects: UnsubscribeSubject[] = [];
    for (const subject of claim.subjects) {
      const parsed = parseSubject(subject)!;
      if (parsed.type === 'favorites') {
        if (parsed.id !== claim.buyerId) return undefined;
        subjects.push({ type: 'favorites' });
        continue;
      }
      const search = (await strapi.db.query(SAVED_SEARCH_UID).findOne({ where: { id: parsed.id }, select: ['id', 'name'], populate: { buyer: { select: ['id'] } } })) as
        | { id: number; name: string; buyer: { id: number } | null }
        | null;
      // A search deleted since the e-mail is still stopped (nothing is left to send); another buyer's never.
      if (search?.buyer && search.buyer.id !== claim.buyerId) return undefined;
      subjects.push({ type: 'saved_search', id: parsed.id, name: search?.name ?? null });
    }
    return subjects;
  }

  return {
    /** The claim of an unsubscribe token, with what it stops and whether it is stopped already; undefined when forged or altered. */
    async read(token: unknown): Promise<{ claim: UnsubscribeClaim; subjects: UnsubscribeSubject[]; unsubscribed: boolean } | undefined> {
      const claim = verifyUnsubscribe(alertSettings(strapi).secret, token);
      const subjects = claim && (await subjectsOf(claim));
      if (!claim || !subjects) return undefined;
      const muted = await Promise.all(claim.subjects.map((subject) => store.isMuted(subject)));
      return { claim, subjects, unsubscribed: muted.every(Boolean) };
    },

    async unsubscribe(claim: UnsubscribeClaim): Promise<void> {
      await store.mute(claim.buyerId, claim.subjects);
    },

    /** A buyer's alerts, newest first, for their personal data export. */
    async ofBuyer(buyerId: number) {
      return (await store.ofBuyer(buyerId)).map((alert) => ({
        subject: alert.subject, saved_search: alert.subject_name, project_id: alert.project_id, kind: alert.kind,
        price: alert.price, previous_price: alert.previous_price, status: alert.status,
        created_at: new Date(alert.created_at).toISOString(), sent_at: alert.sent_at === null ? null : new Date(alert.sent_at).toISOString(),
      }));
    },
  };
};

export default createAlertsService;
export type AlertsService = ReturnType<typeof createAlertsService>;
export const alertsService = (strapi: Core.Strapi) => strapi.service('api::account.alerts') as AlertsService;
