/**
 * Erasure of a person's leads for other domains (a buyer deleting their account): the same erasure as
 * the admin's Personal data page (decision 64), so the CRM hears of it the same way (`lead.erased`).
 */
import type { Core } from '@strapi/strapi';
import { CONTACT_UID } from '../lib/lead-type';
import { personQuery } from '../lib/person';
import { personalData, type Erasure } from '../personal-data/people';

/** The leads linked to the accounts `buyerIds` (sent while signed in) and not erased yet. */
export async function linkedLeadIds(strapi: Core.Strapi, buyerIds: readonly number[]): Promise<number[]> {
  if (buyerIds.length === 0) return [];
  const linked = (await strapi.db.query(CONTACT_UID).findMany({ select: ['id'], where: { buyer: { id: { $in: [...buyerIds] } }, anonymised_at: null } })) as Array<{ id: number }>;
  return linked.map((lead) => lead.id);
}

/** Erases the leads sent from `email` and those linked to the account `buyerId`; `requestedBy` goes in the log. */
export async function eraseLeadsOf(strapi: Core.Strapi, { email, buyerId }: { email: string; buyerId: number }, requestedBy: string): Promise<Erasure> {
  const person = personQuery({ email });
  // An account's address is always whole; were it not, the linked leads are still erased.
  const query = person.ok ? person.query : { by: 'email' as const, value: '' };
  return personalData(strapi).eraseLeads(query, requestedBy, await linkedLeadIds(strapi, [buyerId]));
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  eraseLeadsOf: (person: { email: string; buyerId: number }, requestedBy: string) => eraseLeadsOf(strapi, person, requestedBy),
});
