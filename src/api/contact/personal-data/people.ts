/**
 * A person's data in the leads (decision 64): found by e-mail or phone in every lead, handed over as
 * JSON (their leads, delivery records and consent), erased (anonymised in place, or deleted, as
 * LEAD_ERASURE_MODE says; deliveries still to be sent cancelled; the CRM told through the outbox), and
 * anonymised after the retention period (LEAD_RETENTION_DAYS). The other holders of personal data
 * (`services/personal-data-holders.ts`: a buyer's account) are found, exported and erased with the
 * leads. Logs name lead and account ids, never the person.
 */
import type { Core } from '@strapi/strapi';
import { deliveryStore } from '../deliveries/store';
import { configuredTargets } from '../deliveries/targets';
import { deliverySettings, kickDeliveryWorker } from '../deliveries/worker';
import { deliveryView } from '../lib/delivery-view';
import { CONTACT_UID } from '../lib/lead-type';
import { repeatStore } from '../repeats/store';
import { anonymisedFields, isPersonsLead, type PersonQuery } from '../lib/person';
import { personalDataHolders, type PersonalDataHolder } from '../services/personal-data-holders';

export type ErasureMode = 'anonymise' | 'delete';

export interface PersonalDataSettings {
  retentionDays: number;
  erasure: ErasureMode;
}

export const personalDataSettings = (strapi: Core.Strapi) => strapi.config.get('contact.personalData') as PersonalDataSettings;

/** Leads read per query while looking a person up: memory stays flat however many leads there are. */
const SCAN_BATCH = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

interface LeadKey {
  id: number;
  email: string | null;
  mobile: string | null;
}

export interface Erasure {
  mode: ErasureMode;
  leads: number;
  cancelled_deliveries: number;
  /** Whether the CRM webhook gets an erasure event per lead. */
  crm_notified: boolean;
}

/** A person's erasure from the admin: the leads', and what each other holder erased (`{ account: 1 }`). */
export type PersonErasure = Erasure & { held: Record<string, number> };

export function personalData(strapi: Core.Strapi) {
  const leads = () => strapi.db.query(CONTACT_UID);

  /** The ids of the person's leads: every lead's address and number compared as people write them. */
  async function leadIdsOf(query: PersonQuery): Promise<number[]> {
    const found: number[] = [];
    let lastId = 0;
    for (;;) {
      const batch = (await leads().findMany({
        select: ['id', 'email', 'mobile'],
        where: { id: { $gt: lastId }, anonymised_at: null },
        orderBy: { id: 'asc' },
        limit: SCAN_BATCH,
      })) as LeadKey[];
      for (const lead of batch) if (isPersonsLead(lead, query)) found.push(lead.id);
      if (batch.length < SCAN_BATCH) return found;
      lastId = batch[batch.length - 1].id;
    }
  }

  /** The leads `ids` whole, in id order. */
  async function leadsOf(ids: number[]): Promise<Array<Record<string, unknown>>> {
    if (ids.length === 0) return [];
    return (await leads().findMany({ where: { id: { $in: ids } }, orderBy: { id: 'asc' } })) as Array<Record<string, unknown>>;
  }

  /** Anonymises or deletes the leads `ids` and cancels their open deliveries, in one transaction; with `notify`, an erasure event per lead. */
  async function eraseLeadRows(ids: number[], mode: ErasureMode, notify: boolean): Promise<number> {
    if (ids.length === 0) return 0;
    const store = deliveryStore(strapi);
    return strapi.db.transaction(async ({ trx }) => {
      const cancelled = await store.cancelOpen(trx, ids);
      await repeatStore(strapi).forget(trx, ids);
      if (notify) for (const id of ids) await store.recordErasure(trx, id);
      if (mode === 'delete') await leads().deleteMany({ where: { id: { $in: ids } } });
      else await leads().updateMany({ where: { id: { $in: ids } }, data: anonymisedFields(new Date()) });
      return cancelled;
    });
  }

  const holders = () => personalDataHolders(strapi).all();

  /** Each holder's part for the person, by its key. */
  async function fromHolders<T>(read: (holder: PersonalDataHolder) => Promise<T>): Promise<Record<string, T>> {
    const parts = await Promise.all(holders().map(async (holder) => [holder.key, await read(holder)] as const));
    return Object.fromEntries(parts);
  }

  /** Leads the holders know to be the person's, whatever address they carry. */
  const linkedLeads = async (query: PersonQuery) => (await Promise.all(holders().map((holder) => holder.linkedLeads(query)))).flat();

  /** The person's leads: those with their address or number, and those the holders link to them. */
  async function personsLeadIds(query: PersonQuery): Promise<number[]> {
    return [...new Set([...(await leadIdsOf(query)), ...(await linkedLeads(query))])].sort((a, b) => a - b);
  }

  return {
    /** The person's leads as the admin lists them (when, in which language, with what consent), and what each other holder has. */
    async find(query: PersonQuery) {
      const rows = await leadsOf(await personsLeadIds(query));
      return {
        leads: rows.map((row) => ({ id: Number(row.id), received_at: row.createdAt, language: row.language, consent: row.consent ?? null })),
        ...(await fromHolders((holder) => holder.find(query))),
      };
    },

    /** Everything held on the person: each lead whole, its deliveries, its consent; each other holder's part. */
    async export(query: PersonQuery) {
      const ids = await personsLeadIds(query);
      const [rows, deliveries, held] = await Promise.all([leadsOf(ids), deliveryStore(strapi).ofLeads(ids), fromHolders((holder) => holder.export(query))]);
      return {
        exported_at: new Date().toISOString(),
        looked_up_by: query.by,
        leads: rows.map((row) => ({
          ...row,
          consent: { given: row.consent ?? null, text_version: row.consent_text_version ?? null, at: row.consent_at ?? null },
          deliveries: deliveries.filter((delivery) => delivery.contact_id === Number(row.id)).map(deliveryView),
        })),
        ...held,
      };
    },

    /** The admin's erasure of a person: their leads (`eraseLeads`), then what every other holder keeps on them. */
    async erasePerson(query: PersonQuery, requestedBy: string): Promise<PersonErasure> {
      const erasure = await this.eraseLeads(query, requestedBy, await linkedLeads(query));
      return { ...erasure, held: await fromHolders((holder) => holder.erase(query, requestedBy)) };
    },

    /**
     * Erases the person's leads as LEAD_ERASURE_MODE says, their open deliveries cancelled, the CRM
     * told. `alsoLeads`: leads known to be theirs whatever address they carry (a buyer's, linked to the account).
     */
    async eraseLeads(query: PersonQuery, requestedBy: string, alsoLeads: readonly number[] = []): Promise<Erasure> {
      const { erasure: mode } = personalDataSettings(strapi);
      const notify = configuredTargets(deliverySettings(strapi)).includes('webhook');
      const ids = [...new Set([...(await leadIdsOf(query)), ...alsoLeads])].sort((a, b) => a - b);
      const cancelled = await eraseLeadRows(ids, mode, notify);
      if (ids.length) {
        strapi.log.info(`personal data: erased (${mode}) leads #${ids.join(', #')} for ${requestedBy}; ${cancelled} open deliveries cancelled`);
        if (notify) kickDeliveryWorker();
      }
      return { mode, leads: ids.length, cancelled_deliveries: cancelled, crm_notified: notify && ids.length > 0 };
    },

    /** Anonymises the leads received more than `days` days before `now` and not anonymised yet; how many. */
    async anonymiseOlderThan(days: number, now = Date.now()): Promise<number> {
      const cutoff = new Date(now - days * DAY_MS);
      const old = (await leads().findMany({ select: ['id'], where: { createdAt: { $lt: cutoff }, anonymised_at: null } })) as Array<{ id: number }>;
      const ids = old.map((row) => row.id);
      await eraseLeadRows(ids, 'anonymise', false);
      return ids.length;
    },
  };
}
