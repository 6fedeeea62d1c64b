/**
 * A buyer's account as personal data (pure): what its export holds (every field of theirs, never the
 * password hash, reset or confirmation codes, or sessions), when it last counts as used, and when its
 * last-activity mark is due again (at most once a day, so a buyer's requests do not write on each one).
 */
const DAY_MS = 24 * 60 * 60 * 1000;

export interface StoredAccount {
  id: number;
  documentId: string;
  username: string;
  email: string;
  provider?: string | null;
  confirmed: boolean | null;
  blocked: boolean | null;
  name?: string | null;
  phone?: string | null;
  language?: string | null;
  marketing_consent?: boolean | null;
  marketing_consent_version?: string | null;
  marketing_consent_at?: string | Date | null;
  last_active_at?: string | Date | null;
  createdAt: string | Date;
  updatedAt?: string | Date | null;
  role?: { name?: string; type?: string } | null;
}

const iso = (value: string | Date | null | undefined) => (value ? new Date(value).toISOString() : null);

/** The account in a person's export: named fields only, so a secret added to the user type later stays out. */
export function accountRecord(account: StoredAccount) {
  return {
    id: account.id,
    document_id: account.documentId,
    username: account.username,
    email: account.email,
    provider: account.provider ?? null,
    role: account.role?.name ?? null,
    confirmed: account.confirmed === true,
    blocked: account.blocked === true,
    name: account.name ?? null,
    phone: account.phone ?? null,
    language: account.language ?? null,
    marketing_consent: { given: account.marketing_consent === true, text_version: account.marketing_consent_version ?? null, at: iso(account.marketing_consent_at) },
    last_active_at: iso(account.last_active_at),
    created_at: iso(account.createdAt),
    updated_at: iso(account.updatedAt),
  };
}

/** The account in the admin's search: who, since when, in what state. */
export function accountSummary(account: StoredAccount) {
  return { id: account.id, email: account.email, name: account.name ?? null, created_at: iso(account.createdAt), last_active_at: iso(account.last_active_at), blocked: account.blocked === true };
}

/**
 * From when the account's last-activity mark should be written again (epoch ms): at once without one, a
 * day after it; never (NaN) for a mark that is no date. Read once per account state, compared per request.
 */
export const activityDueAt = (lastActiveAt: string | Date | null | undefined): number => (lastActiveAt ? new Date(lastActiveAt).getTime() + DAY_MS : -Infinity);

/** Accounts last used before this instant are dormant after `days` days. */
export const dormantBefore = (days: number, now: number): Date => new Date(now - days * DAY_MS);
