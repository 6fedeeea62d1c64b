import { describe, expect, it } from 'vitest';
import { isValidEmail, isValidPhone, validateContact } from '../../src/api/contact/lib/contact-validation';
import { csvCell, csvHeader, csvLine } from '../../src/api/contact/lib/csv';
import { headerSafe, leadEmail } from '../../src/api/contact/lib/notification';
import { routeLead, type RouteRule } from '../../src/api/contact/lib/lead-routing';
import { validateEnquiry } from '../../src/api/contact/lib/lead-enquiry';
import { buildContactPage } from '../../src/api/contact/lib/contact-page';

describe('validateContact', () => {
  const valid = { first_name: 'Layla', email: 'layla@example.ae', mobile: '+971501234567' };

  it('returns the clean record, optional fields undefined when blank', () => {
    expect(validateContact({ ...valid, last_name: '  ', message: ' hi ' })).toEqual({
      ok: true,
      value: { first_name: 'Layla', last_name: undefined, email: 'layla@example.ae', mobile: '+971501234567', method_of_contact: undefined, message: 'hi' },
    });
  });

  it('accepts a number for mobile (forms and some clients send one)', () => {
    expect(validateContact({ ...valid, mobile: 971501234567 })).toMatchObject({ ok: true, value: { mobile: '971501234567' } });
  });

  it.each([
    [{}, { first_name: ['Name is required'], email: ['Email address is required'], mobile: ['Phone number is required'] }],
    [{ ...valid, first_name: null }, { first_name: ['Name is required'] }],
    [{ ...valid, email: 'x@y' }, { email: ['Please provide a valid email address'] }],
    [{ ...valid, mobile: '+971 50' }, { mobile: ['Please provide a valid phone number'] }],
    [{ ...valid, mobile: true }, { mobile: ['The mobile must be text.'] }],
    [{ ...valid, email: `${'a'.repeat(300)}@x.com` }, { email: ['The email may not be greater than 255 characters.'] }],
  ])('reports %j as %j', (body, errors) => {
    expect(validateContact(body as Record<string, unknown>)).toEqual({ ok: false, errors });
  });
});

describe('isValidEmail', () => {
  it.each(['a+b@example.com', 'a@mail.example.co.uk', 'a_b_12@example.com', 'a@my-domain.ae'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });
  it.each(['a@b', 'a b@c.com', 'a@b.com\r\nBcc: x@y.com', 'a@[127.0.0.1]', '"a"@b', 'a@b.com; c@d.com'])('refuses %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});

describe('isValidPhone', () => {
  it.each(['+971 50 123 4567', '(04) 123-4567', '00971.50.1234567', '123456'])('accepts %s', (phone) => expect(isValidPhone(phone)).toBe(true));
  it.each(['12345', '+971 abc', 'tel:+97150', ''])('refuses %j', (phone) => expect(isValidPhone(phone)).toBe(false));
});

describe('CSV', () => {
  it.each([
    [null, ''],
    [42, '42'],
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=1+1', "'=1+1"],
    ['+971 50', "'+971 50"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
  ])('writes %j as %j', (value, cell) => expect(csvCell(value)).toBe(cell));

  it('writes the header and one line per row in column order', () => {
    expect(csvHeader()).toBe(
      'id,created_at,first_name,last_name,email,mobile,method_of_contact,message,contact_type,language,consent,consent_text_version,consent_at,' +
      'enquiry_type,project_id,project_name,listing_reference,listing_title,utm_source,utm_medium,utm_campaign,utm_term,utm_content,page_url,referrer,desk,crm_pipeline,repeat_of\r\n'
    );
    expect(csvLine({
      id: 7, createdAt: new Date('2026-01-02T03:04:05Z'), first_name: 'A', last_name: null, email: 'a@b.co', mobile: '0501234567',
      method_of_contact: 'Google', message: null, contact_type: 'Website Contact Form', language: 'ar',
      enquiry_type: 'brochure', project_id: '12', project_name: 'Marina, Heights', utm_campaign: 'spring', desk: 'dubai', repeat_of: 3,
    })).toBe('7,2026-01-02T03:04:05.000Z,A,,a@b.co,0501234567,Google,,Website Contact Form,ar,,,,brochure,12,"Marina, Heights",,,,,spring,,,,,dubai,,3\r\n');
  });
});

describe('lead e-mail', () => {
  it('strips control characters from header values', () => {
    expect(headerSafe('Eve\r\nBcc: x@y.com')).toBe('Eve Bcc: x@y.com');
    expect(headerSafe('a\u0000b\u007fc')).toBe('a b c');
  });

  it('addresses the sales inbox with the lead as reply-to and a one-line subject', () => {
    const mail = leadEmail('sales@x.ae', 12, { first_name: 'Eve\r\nBcc: v@x.com', last_name: 'Stone', email: 'eve@x.com', mobile: '0501234567' });
    expect(mail).toMatchObject({ to: 'sales@x.ae', replyTo: 'eve@x.com', subject: 'New website enquiry from Eve Bcc: v@x.com Stone' });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toContain('submission (#12)');
  });

  it('shows markup as text in the HTML part, and cuts the subject at 200 characters, never inside one (issue 66)', () => {
    const mail = leadEmail('sales@x.ae', 13, { first_name: '😀'.repeat(255), email: 'eve@x.com', mobile: '0501234567', message: `<script>alert("x")</script> <b>it's</b> &amp;` });
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &lt;b&gt;it&apos;s&lt;/b&gt; &amp;amp;');
    expect(mail.html).not.toMatch(/<script|<b>/);
    expect([...mail.subject]).toHaveLength(200);
    // encodeURIComponent throws on half a surrogate pair.
    expect(() => encodeURIComponent(mail.subject)).not.toThrow();
  });
});

describe('buildContactPage', () => {
  const image = (file: { url?: string | null } | null | undefined) => (file?.url ? `https://cdn${file.url}` : 'https://x/placeholder.svg');
  const optionalImage = (file: { url?: string | null } | null | undefined) => (file?.url ? `https://cdn${file.url}` : null);

  it('gives every key for a page never saved', () => {
    expect(buildContactPage(null, image, optionalImage)).toEqual({
      title: '', description: '', phone: '', email: '', whatsapp: '', social_media: [], our_branches: [],
      seo: { meta_title: '', meta_description: '', canonical_url: null, og_image: null, noindex: false, keywords: [] },
    });
  });

  it('maps social links and branches with image URLs', () => {
    const page = buildContactPage({
      title: 'Contact', social_media: [{ icon: { url: '/ig.svg' }, link: 'https://instagram.com/x' }, { link: 'https://x.com/y' }],
      our_branches: [{ title: 'Dubai', branch_image: null, mobile: '+971', email: null, location: 'DIFC' }],
      seo: { meta_title: 'T' },
    }, image, optionalImage);
    expect(page.social_media).toEqual([{ icon: 'https://cdn/ig.svg', link: 'https://instagram.com/x' }, { icon: 'https://x/placeholder.svg', link: 'https://x.com/y' }]);
    expect(page.our_branches).toEqual([{ title: 'Dubai', branch_image: 'https://x/placeholder.svg', mobile: '+971', email: '', location: 'DIFC' }]);
    expect(page.seo).toEqual({ meta_title: 'T', meta_description: '', canonical_url: null, og_image: null, noindex: false, keywords: [] });
  });
});

describe('lead routing (decision 143)', () => {
  const rule = (id: number, priority: number, conditions: Partial<RouteRule>): RouteRule => ({
    id, name: `rule ${id}`, priority, active: true, emirate: null, developer: null, enquiry_type: null, utm_campaign: null, desk: `desk-${id}`, desk_email: null, crm_pipeline: null, ...conditions,
  });
  const dubaiEmaar = { enquiry_type: 'viewing' as const, emirate: { code: 'DU', name: 'Dubai' }, developer: { id: 7, name: 'Emaar' }, utm_campaign: 'Spring' };

  it('takes the first active rule by priority whose conditions all hold, case-insensitively', () => {
    const rules = [rule(1, 20, { emirate: 'dubai' }), rule(2, 10, { developer: 'EMAAR', utm_campaign: 'spring' }), rule(3, 1, { active: false }), rule(4, 5, { enquiry_type: 'brochure' })];
    expect(routeLead(rules, dubaiEmaar)).toEqual({ desk: 'desk-2', desk_email: null, crm_pipeline: null, rule: 'rule 2 (#2)' });
    expect(routeLead(rules, { ...dubaiEmaar, utm_campaign: undefined }).desk).toBe('desk-1');
    expect(routeLead(rules, { enquiry_type: 'general' })).toEqual({ desk: 'default', desk_email: null, crm_pipeline: null, rule: null });
  });
});

describe('the enquiry fields (decision 141)', () => {
  it('defaults to a project enquiry with a project, a general one without', () => {
    expect(validateEnquiry({ project_id: ' marina ' }).value).toEqual({ enquiry_type: 'project', project_key: 'marina', source: {} });
    expect(validateEnquiry({}).value).toEqual({ enquiry_type: 'general', source: {} });
    expect(validateEnquiry({ enquiry_type: 'callback', source: { utm_source: ' ', fbclid: 'x', other: 1 } }).value).toEqual({ enquiry_type: 'callback', source: { fbclid: 'x' } });
    expect(validateEnquiry({ project_id: 'marina', enquiry_type: ' ' }).value.enquiry_type).toBe('project');
  });

  it.each(['PROJECT ', 'Project', ' general', 'CALLBACK'])('takes only the listed enquiry types as written: %j is refused (issue 66)', (type) => {
    expect(validateEnquiry({ project_id: 'marina', enquiry_type: type }).errors).toEqual({
      enquiry_type: ['The enquiry type must be one of: general, project, listing, brochure, viewing, callback.'],
    });
  });
});

describe('the source links (issue 66)', () => {
  const pageUrl = (page_url: string, locale: 'en' | 'ar' = 'en') => validateEnquiry({ source: { page_url } }, locale);

  it.each([
    ['CR/LF', 'https://www.example.ae/x\r\nX-Injected: 1'],
    ['a space', 'https://www.example.ae/a b'],
    ['a tab', 'https://www.example.ae/\tx'],
    ['a no-break space', 'https://www.example.ae/a\u00a0b'],
    ['a line separator', 'https://www.example.ae/a\u2028b'],
    ['a C1 control', 'https://www.example.ae/a\u0085b'],
    ['a space before it', ' https://www.example.ae/'],
    ['a line feed after it', 'https://www.example.ae/\n'],
  ])('refuses a URL with %s, naming the key', (_label, url) => {
    expect(pageUrl(url).errors).toEqual({ 'source.page_url': ['The page_url may not contain spaces or control characters.'] });
    expect(pageUrl(url, 'ar').errors).toEqual({ 'source.page_url': ['يجب ألا يحتوي page_url على مسافات أو أحرف تحكم.'] });
  });

  it.each(['https://agent:secret@www.example.ae/', 'https://agent@www.example.ae/', 'https://:secret@www.example.ae/'])('refuses a URL with credentials: %s', (url) => {
    expect(validateEnquiry({ source: { referrer: url } }).errors).toEqual({ 'source.referrer': ['The referrer may not contain a user name or password.'] });
  });

  it.each(['ftp://www.example.ae/', 'javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'mailto:a@example.ae', '//www.example.ae/', 'https://', 'https://a"b.example.ae/', "https://a'b.example.ae/", 'https://a`b.example.ae/'])(
    'refuses %s as not an http(s) URL',
    (url) => {
      expect(pageUrl(url).errors).toEqual({ 'source.page_url': ['The page_url must be an http(s) URL of at most 2000 characters.'] });
    }
  );

  it.each([
    ['HTTPS://WWW.Example.AE', 'https://www.example.ae/'],
    ['https://www.example.ae:443/a/../b', 'https://www.example.ae/b'],
    ['https://exämple.ae/ü?ü#ü', 'https://xn--exmple-cua.ae/%C3%BC?%C3%BC#%C3%BC'],
    ['https://www.example.ae/<script>alert("x")</script>', 'https://www.example.ae/%3Cscript%3Ealert(%22x%22)%3C/script%3E'],
    ["https://www.example.ae/o'neil`s?q=<b>\"'`#<i>\"'`", 'https://www.example.ae/o%27neil%60s?q=%3Cb%3E%22%27%60#%3Ci%3E%22%27%60'],
    ['http://127.0.0.1:8080/a?b=c&d=e', 'http://127.0.0.1:8080/a?b=c&d=e'],
  ])('keeps %s as WHATWG serialises it, with no quote or angle bracket left: %s', (url, stored) => {
    const { errors, value } = pageUrl(url);
    expect(errors).toEqual({});
    expect(value.source.page_url).toBe(stored);
    expect(value.source.page_url).not.toMatch(/["'`<>\s]/);
  });

  it('counts the limit on the URL as stored', () => {
    const path = (length: number) => `https://www.example.ae/${'a'.repeat(length - 'https://www.example.ae/'.length)}`;
    expect(pageUrl(path(2000)).value.source.page_url).toHaveLength(2000);
    expect(pageUrl(path(2001)).errors).toEqual({ 'source.page_url': ['The page_url must be an http(s) URL of at most 2000 characters.'] });
    // "ü" is six characters once percent-encoded.
    expect(pageUrl(`${path(1995)}ü`).errors).toHaveProperty(['source.page_url']);
  });
});

describe('length limits count characters, not UTF-16 units (issue 66)', () => {
  const valid = { first_name: 'Layla', email: 'layla@example.ae', mobile: '+971501234567' };
  const emoji = (count: number) => '😀'.repeat(count);

  it('takes 255 emoji in a field of 255 characters and refuses 256', () => {
    for (const field of ['first_name', 'last_name', 'method_of_contact']) {
      expect(validateContact({ ...valid, [field]: emoji(200) })).toMatchObject({ ok: true });
      expect(validateContact({ ...valid, [field]: emoji(255) })).toMatchObject({ ok: true });
      expect(validateContact({ ...valid, [field]: emoji(256) })).toMatchObject({ ok: false, errors: { [field]: [expect.stringContaining('255 characters')] } });
    }
  });

  it('counts the consent text version and the source texts the same way', () => {
    expect(validateContact({ ...valid, consent_text_version: emoji(64) })).toMatchObject({ ok: true });
    expect(validateContact({ ...valid, consent_text_version: emoji(65) })).toMatchObject({ ok: false, errors: { consent_text_version: [expect.any(String)] } });
    expect(validateEnquiry({ source: { utm_campaign: emoji(255) } }).errors).toEqual({});
    expect(validateEnquiry({ source: { utm_campaign: emoji(256) } }).errors).toEqual({ 'source.utm_campaign': ['The utm_campaign may not be greater than 255 characters.'] });
  });
});
