/**
 * Contact submissions as many clients send them, and what the database holds afterwards (read straight
 * from the child app's SQLite file, as a second reader of its WAL journal).
 */
import Database from 'better-sqlite3';

export interface Lead {
  first_name: string;
  email: string;
  mobile: string;
  message: string;
}

export interface Outcome {
  lead: Lead;
  status: number | 'no answer';
  id?: number;
  ms: number;
}

let serial = 0;
/** Each run's people differ from an earlier run's on the same database (a lead's e-mail or phone digits make its person). */
const runBase = Date.now() % 1e7;
/**
 * A lead whose message carries a unique token, so its row can be found and compared, from a person of its
 * own: the same e-mail or phone digits within LEAD_REPEAT_WINDOW_H would make it a repeat (decision 144).
 */
export function uniqueLead(tag: string): Lead {
  serial += 1;
  const digits = String((runBase + serial) % 1e7).padStart(7, '0');
  return { first_name: `Load ${serial}`, email: `load${serial}.${runBase}@example.ae`, mobile: `+971 50 ${digits.slice(0, 3)} ${digits.slice(3)}`, message: `${tag} #${serial}` };
}

export async function submitLead(base: string, clientIp: string, lead: Lead): Promise<Outcome> {
  const started = performance.now();
  try {
    const res = await fetch(`${base}/api/v1/contact-us`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp },
      body: JSON.stringify(lead),
    });
    const body = (await res.json()) as { data?: { id?: number } };
    return { lead, status: res.status, id: body.data?.id, ms: performance.now() - started };
  } catch {
    return { lead, status: 'no answer', ms: performance.now() - started };
  }
}

export interface StoredLead extends Lead {
  id: number;
  last_name: string | null;
  contact_type: string | null;
}

/** Every stored lead whose message starts with the tag. */
export function storedLeads(databaseFile: string, tag: string): StoredLead[] {
  const db = new Database(databaseFile, { readonly: true });
  try {
    return db
      .prepare('SELECT id, first_name, last_name, email, mobile, message, contact_type FROM contacts WHERE message LIKE ? ORDER BY id')
      .all(`${tag} #%`) as StoredLead[];
  } finally {
    db.close();
  }
}

export interface LossReport {
  acknowledged: number;
  stored: number;
  missing: number[];
  duplicates: string[];
  altered: number[];
  halfWritten: number[];
}

/**
 * Checks what was acknowledged against what is stored: every 201 has its row with the content sent,
 * no message is stored twice, no row lacks a required field.
 */
export function compareLeads(outcomes: Outcome[], stored: StoredLead[]): LossReport {
  const byId = new Map(stored.map((row) => [row.id, row]));
  const acknowledged = outcomes.filter((outcome) => outcome.status === 201);
  const counts = new Map<string, number>();
  for (const row of stored) counts.set(row.message, (counts.get(row.message) ?? 0) + 1);
  return {
    acknowledged: acknowledged.length,
    stored: stored.length,
    missing: acknowledged.filter((outcome) => !byId.has(outcome.id!)).map((outcome) => outcome.id!),
    duplicates: [...counts].filter(([, count]) => count > 1).map(([message]) => message),
    altered: acknowledged
      .filter((outcome) => {
        const row = byId.get(outcome.id!);
        return row && (row.first_name !== outcome.lead.first_name || row.email !== outcome.lead.email || row.message !== outcome.lead.message);
      })
      .map((outcome) => outcome.id!),
    halfWritten: stored
      .filter((row) => !row.first_name || !row.email || !row.mobile || row.contact_type !== 'Website Contact Form')
      .map((row) => row.id),
  };
}
