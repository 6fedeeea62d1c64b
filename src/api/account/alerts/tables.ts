/**
 * The alerts' own tables (like the lead outbox and the leases), registered with Strapi's schema sync in
 * src/index.ts once the catalogues are registered; times are milliseconds since the epoch.
 *
 * - One seen table per catalogue, named by its entry (`app_alert_seen` the projects',
 *   `app_alert_seen_listings` the sale and rent listings'): its items as its last match saw them (price,
 *   fingerprint, the record), so the next match looks at what changed only, and at how it was before.
 * - `app_alert_told`: what each subject (a saved search, a buyer's favourites) was told of each item,
 *   and at what price: once per item, then once per lower price.
 *
 * An item is named in `project_id` by its key: its catalogue's prefix, then its own key (a project's id,
 *   `listing:<reference>`).
 * - `app_alert_mutes`: subjects unsubscribed by their link.
 * - `app_alerts`: the outbox, one row per alert, written with its told mark; sent one e-mail per buyer
 *   and batch (an instant subject, or the buyer's digest).
 */

import { OUTBOX_ATTRIBUTES } from '../../../lib/outbox';
import { catalogues } from '../../catalogues/services/registry';

export const TOLD_TABLE = 'app_alert_told';
export const MUTES_TABLE = 'app_alert_mutes';
export const ALERTS_TABLE = 'app_alerts';

/** A catalogue's items as its last match saw them (`app_alert_seen` is the model `alert-seen`). */
function seenModel(tableName: string) {
  const singularName = tableName.replace(/^app_/, '').replace(/_/g, '-');
  return {
    uid: `app::${singularName}`,
    singularName,
    tableName,
    attributes: {
      id: { type: 'increments' },
      project_id: { type: 'string', column: { notNullable: true } },
      price: { type: 'float' },
      fingerprint: { type: 'string', column: { notNullable: true } },
      record: { type: 'text', column: { notNullable: true } },
    },
    indexes: [{ name: `${tableName}_project_unique`, columns: ['project_id'], type: 'unique' }],
  };
}

export const TOLD_MODEL = {
  uid: 'app::alert-told',
  singularName: 'alert-told',
  tableName: TOLD_TABLE,
  attributes: {
    id: { type: 'increments' },
    subject: { type: 'string', column: { notNullable: true } },
    project_id: { type: 'string', column: { notNullable: true } },
    price: { type: 'float' },
    told_at: { type: 'biginteger', column: { notNullable: true } },
  },
  indexes: [
    { name: `${TOLD_TABLE}_subject_project_unique`, columns: ['subject', 'project_id'], type: 'unique' },
    { name: `${TOLD_TABLE}_project`, columns: ['project_id'] },
  ],
};

export const MUTES_MODEL = {
  uid: 'app::alert-mute',
  singularName: 'alert-mute',
  tableName: MUTES_TABLE,
  attributes: {
    id: { type: 'increments' },
    subject: { type: 'string', column: { notNullable: true } },
    buyer_id: { type: 'integer', column: { notNullable: true } },
    muted_at: { type: 'biginteger', column: { notNullable: true } },
  },
  indexes: [
    { name: `${MUTES_TABLE}_subject_unique`, columns: ['subject'], type: 'unique' },
    { name: `${MUTES_TABLE}_buyer`, columns: ['buyer_id'] },
  ],
};

export const ALERTS_MODEL = {
  uid: 'app::alert',
  singularName: 'alert',
  tableName: ALERTS_TABLE,
  attributes: {
    ...OUTBOX_ATTRIBUTES,
    buyer_id: { type: 'integer', column: { notNullable: true } },
    subject: { type: 'string', column: { notNullable: true } },
    /** The saved search's name when it was found (the e-mail names it; the search may be renamed or gone by then). */
    subject_name: { type: 'string' },
    /** `instant:<subject>` or `digest`: the alerts of one buyer and batch go in one e-mail. */
    batch: { type: 'string', column: { notNullable: true } },
    project_id: { type: 'string', column: { notNullable: true } },
    /** The item's name in each language, JSON. */
    project_names: { type: 'text', column: { notNullable: true } },
    kind: { type: 'string', column: { notNullable: true } },
    price: { type: 'float' },
    previous_price: { type: 'float' },
    sent_at: { type: 'biginteger' },
  },
  indexes: [
    { name: `${ALERTS_TABLE}_due`, columns: ['status', 'next_attempt_at'] },
    { name: `${ALERTS_TABLE}_buyer`, columns: ['buyer_id', 'batch'] },
  ],
};

/** Every alert table: one seen table per registered catalogue, then the told marks, the mutes and the outbox. */
export const alertModels = () => [...catalogues().map((entry) => seenModel(entry.alerts.seenTable)), TOLD_MODEL, MUTES_MODEL, ALERTS_MODEL];
