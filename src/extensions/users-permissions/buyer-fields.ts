/**
 * What a buyer's account holds beside Strapi's own user fields (issue 33): a name and phone for the
 * sales team, the language of their e-mails, and their answer to marketing (decision 63's consent,
 * mirrored: the answer, the wording they saw, when they gave it), and when they last signed in or used
 * their account (at most once a day; ACCOUNT_RETENTION_DAYS erases accounts dormant that long). The
 * language is `language`, as on a lead, not `locale`: Strapi 5 reserves `locale` (its i18n field), so an
 * attribute of that name gets no default and is stripped from every content-API answer.
 */
interface UserSchemaHolder {
  contentTypes: { user: { schema: { attributes: Record<string, unknown> } } };
}

export const BUYER_LANGUAGES = ['en', 'ar'] as const;

export const BUYER_FIELDS = {
  name: { type: 'string', maxLength: 255 },
  phone: { type: 'string', maxLength: 20 },
  language: { type: 'enumeration', enum: [...BUYER_LANGUAGES], default: 'en' },
  marketing_consent: { type: 'boolean', default: false },
  marketing_consent_version: { type: 'string', maxLength: 100 },
  marketing_consent_at: { type: 'datetime' },
  last_active_at: { type: 'datetime' },
};

export function addBuyerFields(plugin: UserSchemaHolder): void {
  Object.assign(plugin.contentTypes.user.schema.attributes, BUYER_FIELDS);
}
