/** How editors see buyers, their favourites and saved searches in the Content Manager (read-only for them). */
import type { AdminLayout } from '../../lib/admin-layout';
import { USER_UID } from './services/buyer';
import { FAVORITE_UID } from './services/favorites';
import { SAVED_SEARCH_UID } from './services/saved-searches';

export const ACCOUNT_LAYOUTS: AdminLayout[] = [
  {
    uid: USER_UID,
    kind: 'contentType',
    fields: {
      email: { label: 'E-mail' },
      name: { label: 'Name' },
      phone: { label: 'Phone' },
      language: { label: 'Language', hint: 'The language of their e-mails (en, ar).' },
      confirmed: { label: 'E-mail confirmed' },
      blocked: { label: 'Blocked', hint: 'A blocked buyer is signed out everywhere at once and cannot sign in.' },
      marketing_consent: { label: 'Marketing consent', hint: 'Whether they agreed to receive alerts and news by e-mail.' },
      marketing_consent_version: { label: 'Consent text version', editable: false },
      marketing_consent_at: { label: 'Consent given at', editable: false },
      last_active_at: { label: 'Last used', hint: 'Their last sign-in or use of their account (written at most once a day).', editable: false },
      createdAt: { label: 'Signed up' },
    },
    entryTitle: 'email',
    columns: ['email', 'name', 'confirmed', 'blocked', 'last_active_at', 'createdAt'],
    sort: { by: 'createdAt', order: 'DESC' },
  },
  {
    uid: FAVORITE_UID,
    kind: 'contentType',
    fields: {
      buyer: { label: 'Buyer' },
      project_id: { label: 'Project', hint: 'The off-plan project id in the feed (empty for a listing).' },
      listing_reference: { label: 'Listing', hint: 'The sale or rent listing\'s reference (empty for a project).' },
      createdAt: { label: 'Saved' },
    },
    entryTitle: 'project_id',
    columns: ['buyer', 'project_id', 'listing_reference', 'createdAt'],
    sort: { by: 'createdAt', order: 'DESC' },
  },
  {
    uid: SAVED_SEARCH_UID,
    kind: 'contentType',
    fields: {
      buyer: { label: 'Buyer' },
      name: { label: 'Name' },
      catalogue: { label: 'Searches', hint: 'The off-plan projects, or the sale and rent listings.' },
      query: { label: 'Search', hint: 'The listing query it matches (of its catalogue), as on the website.' },
      frequency: { label: 'Alerts', hint: 'instant, daily or weekly.' },
      createdAt: { label: 'Saved' },
    },
    entryTitle: 'name',
    columns: ['buyer', 'name', 'catalogue', 'query', 'frequency', 'createdAt'],
    sort: { by: 'createdAt', order: 'DESC' },
  },
];
