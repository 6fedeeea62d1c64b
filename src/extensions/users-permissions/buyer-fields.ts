/**
 * The buyer's profile on the users-permissions User type: the language of the account's e-mails and
 * marketing consent with the version of the text consented to (docs/contract.md, "Accounts"). The
 * language is `language`, as on a lead, not `locale`: Strapi 5 reserves `locale` (its i18n field), so an
 * attribute of that name gets no default and is stripped from every content-API answer (decision NN).
 */
interface UserSchemaHolder {
  contentTypes: { user: { schema: { attributes: Record<string, unknown> } } };
}

export function addBuyerFields(plugin: UserSchemaHolder): void {
  Object.assign(plugin.contentTypes.user.schema.attributes, {
    language: { type: 'enumeration', enum: ['en', 'ar'], default: 'en' },
    marketing_consent: { type: 'boolean', default: false },
    marketing_consent_version: { type: 'string', maxLength: 100 },
  });
}
