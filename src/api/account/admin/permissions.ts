/**
 * What editors see of buyers in the admin (issue 33): the Content Manager shows the buyer accounts
 * (Users), their favourites and saved searches. Strapi's Editor role reads them, never the password
 * hash, reset or confirmation codes (fields it is not given; the admin hides those of every role too);
 * the Author role sees none of it. Applied once per database by `src/bootstrap/editor-roles.ts`.
 */
import { USER_UID } from '../services/buyer';
import { FAVORITE_UID } from '../services/favorites';
import { SAVED_SEARCH_UID } from '../services/saved-searches';

export const BUYER_TYPES = [USER_UID, FAVORITE_UID, SAVED_SEARCH_UID] as const;

const READ = 'plugin::content-manager.explorer.read';

/** The fields editors read of each type: a buyer's account without its secrets. */
const EDITOR_FIELDS: Record<(typeof BUYER_TYPES)[number], string[]> = {
  [USER_UID]: ['username', 'email', 'confirmed', 'blocked', 'role', 'name', 'phone', 'language', 'marketing_consent', 'marketing_consent_version', 'marketing_consent_at', 'last_active_at'],
  [FAVORITE_UID]: ['buyer', 'project_id', 'listing_reference'],
  [SAVED_SEARCH_UID]: ['buyer', 'name', 'query', 'frequency'],
};

/** The Editor role's permissions on buyers: read, those fields. */
export const EDITOR_BUYER_PERMISSIONS = BUYER_TYPES.map((subject) => ({ action: READ, subject, properties: { fields: EDITOR_FIELDS[subject] } }));
