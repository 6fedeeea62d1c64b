/**
 * What a buyer's account holds beside Strapi's own user fields (issue 33): a name and phone for the
 * sales team, the language of their e-mails, and their answer to marketing (decision 63's consent,
 * mirrored: the answer, the wording they saw, when they gave it), and when they last signed in or used
 * their account (at most once a day; ACCOUNT_RETENTION_DAYS erases accounts dormant that long).
 */
interface UserSchema {
  attributes: Record<string, unknown>;
}

export const BUYER_LOCALES = ['en', 'ar'] as const;

export const BUYER_FIELDS = {
  name: { type: 'string', maxLength: 255 },
  phone: { type: 'string', maxLength: 20 },
  locale: { type: 'enumeration', enum: [...BUYER_LOCALES], default: 'en' },
  marketing_consent: { type: 'boolean', default: false },
  marketing_consent_version: { type: 'string', maxLength: 64 },
  marketing_consent_at: { type: 'datetime' },
  last_active_at: { type: 'datetime' },
};

export function addBuyerFields(user: UserSchema): void {
  Object.assign(user.attributes, BUYER_FIELDS);
}
