/**
 * Other holders of a person's data beside the leads (a buyer's account, issue 33): the admin's Personal
 * data page finds, exports and erases what they hold with the leads, and the retention run applies
 * their own retention period. A domain that holds personal data registers its holder here at register
 * (`src/index.ts`), so the contact domain never imports it (the account domain already imports this one).
 */
import type { Core } from '@strapi/strapi';
import { isPersonsLead, type PersonQuery } from '../lib/person';

export type { PersonQuery } from '../lib/person';

export interface PersonalDataHolder {
  /** The key of its part in the search answer, the export and the erasure's counts (`account`). */
  key: string;
  /** What it holds on the person, briefly, for the admin's search (no secrets). */
  find(query: PersonQuery): Promise<Array<Record<string, unknown>>>;
  /** Everything it holds on the person, for their export. */
  export(query: PersonQuery): Promise<Array<Record<string, unknown>>>;
  /** Leads known to be the person's whatever address they carry (erased with theirs). */
  linkedLeads(query: PersonQuery): Promise<number[]>;
  /** Erases what it holds on the person; how many records (accounts) went. */
  erase(query: PersonQuery, requestedBy: string): Promise<number>;
  /** Its own retention: days (0: off) and the run that erases what is older; how many went. */
  retention?: { days(): number; run(days: number, now: number): Promise<number> };
}

/** Whether an address or number is the person's, compared as the leads' are (any case, any spelling of a number). */
export const isPersonsContact = (contact: { email?: string | null; phone?: string | null }, query: PersonQuery): boolean =>
  isPersonsLead({ email: contact.email, mobile: contact.phone }, query);

const createHoldersService = () => {
  const holders: PersonalDataHolder[] = [];
  return {
    register(holder: PersonalDataHolder): void {
      if (holders.some((held) => held.key === holder.key)) throw new Error(`personal data: a holder "${holder.key}" is already registered`);
      holders.push(holder);
    },
    all(): readonly PersonalDataHolder[] {
      return holders;
    },
  };
};

export default createHoldersService;
export type HoldersService = ReturnType<typeof createHoldersService>;
export const personalDataHolders = (strapi: Core.Strapi) => strapi.service('api::contact.personal-data-holders') as HoldersService;
