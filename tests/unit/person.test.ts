/** A person as a request names them, and what stays of an erased lead (decision 64). */
import { describe, expect, it } from 'vitest';
import { anonymisedFields, isPersonsLead, personQuery, PERSONAL_FIELDS } from '../../src/api/contact/lib/person';
import { validateContact } from '../../src/api/contact/lib/contact-validation';

describe('personQuery', () => {
  it('reads an e-mail in any case and spacing, or a phone by its digits', () => {
    expect(personQuery({ email: '  Layla@Example.COM ' })).toEqual({ ok: true, query: { by: 'email', value: 'layla@example.com' } });
    expect(personQuery({ phone: '+971 (50) 123-4567' })).toEqual({ ok: true, query: { by: 'phone', value: '971501234567' } });
    expect(personQuery({ phone: '00971501234567' })).toEqual({ ok: true, query: { by: 'phone', value: '971501234567' } });
  });

  it('refuses nobody, two people, a part of an address or of a number', () => {
    expect(personQuery({})).toMatchObject({ ok: false });
    expect(personQuery({ email: 'a@b.co', phone: '0501234567' })).toMatchObject({ ok: false, errors: { email: [expect.stringMatching(/not both/)] } });
    expect(personQuery({ email: 'layla' })).toMatchObject({ ok: false });
    expect(personQuery({ phone: '1234' })).toMatchObject({ ok: false, errors: { phone: [expect.any(String)] } });
    expect(personQuery({ email: 42 })).toMatchObject({ ok: false });
  });
});

describe('isPersonsLead', () => {
  it('matches the same address or number however it was written, and nothing else', () => {
    const byEmail = { by: 'email', value: 'layla@example.com' } as const;
    const byPhone = { by: 'phone', value: '971501234567' } as const;
    expect(isPersonsLead({ email: ' LAYLA@example.com', mobile: null }, byEmail)).toBe(true);
    expect(isPersonsLead({ email: 'layla@example.co', mobile: null }, byEmail)).toBe(false);
    expect(isPersonsLead({ email: null, mobile: '+971 50 123 4567' }, byPhone)).toBe(true);
    expect(isPersonsLead({ email: null, mobile: '0097150-123-4567' }, byPhone)).toBe(true);
    expect(isPersonsLead({ email: null, mobile: '+971 50 123 4568' }, byPhone)).toBe(false);
  });
});

describe('anonymisedFields', () => {
  it('replaces every personal field and says when', () => {
    const fields = anonymisedFields(new Date('2026-11-25T10:00:00Z'));
    for (const field of PERSONAL_FIELDS) expect(fields).toHaveProperty(field);
    expect(fields.anonymised_at).toBe('2026-11-25T10:00:00.000Z');
    expect(JSON.stringify(fields)).not.toMatch(/\d{6,}[1-9]/);
  });
});

describe('consent in the form', () => {
  const valid = { first_name: 'Layla', email: 'layla@example.com', mobile: '0501234567' };

  it.each([[true, true], ['true', true], ['on', true], [1, true], [false, false], ['0', false], ['No', false]])('reads %j as %j', (raw, expected) => {
    expect(validateContact({ ...valid, consent: raw })).toMatchObject({ ok: true, value: { consent: expected } });
  });

  it('leaves it out when the form does not ask, and requires it only when told', () => {
    expect(validateContact(valid)).toEqual({ ok: true, value: { ...valid, last_name: undefined, method_of_contact: undefined, message: undefined } });
    expect(validateContact(valid, 'en', { requireConsent: true })).toEqual({ ok: false, errors: { consent: ['Consent to the processing of your data is required'] } });
    expect(validateContact({ ...valid, consent: 'false' }, 'ar', { requireConsent: true })).toEqual({ ok: false, errors: { consent: ['الموافقة على معالجة بياناتك مطلوبة'] } });
    expect(validateContact({ ...valid, consent: true, consent_text_version: ' v2 ' }, 'en', { requireConsent: true })).toMatchObject({ ok: true, value: { consent: true, consent_text_version: 'v2' } });
  });

  it('refuses what is not a yes or no, and a version that is not short text', () => {
    expect(validateContact({ ...valid, consent: 'maybe', consent_text_version: ['v1'] })).toEqual({
      ok: false,
      errors: { consent: ['The consent must be true or false.'], consent_text_version: ['The consent text version must be text.'] },
    });
  });
});
