/**
 * A lead's text as a hostile client writes it (issue 66): CR/LF, header lines, markup and quotes in every
 * text field, links that are not links, emoji at the limits, a `__proto__` key, an enquiry type in
 * another case. What is refused is refused with a 422 (or a 400) naming what is wrong and stores nothing;
 * what is taken reaches the desk's e-mail (the real SMTP sink) without adding a header and with its markup
 * as text, and the CRM (the real webhook receiver) as JSON strings.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { getStrapi, http, newClientIp, newPerson, webhookReceiver } from '../helpers/app';
import { checked } from '../helpers/contract';
import { mailParts, smtp, waitForMail, type ReceivedMail } from '../helpers/smtp';
import type { WebhookReceiver } from '../helpers/webhook-receiver';

const CONTACT = 'api::contact.contact';

let strapi: Core.Strapi;
let receiver: WebhookReceiver;

beforeAll(async () => {
  strapi = await getStrapi();
  receiver = await webhookReceiver();
});

const submit = async (body: Record<string, unknown>, query = '') =>
  checked((await http()).post(`/api/v1/contact-us${query}`).set('X-Forwarded-For', newClientIp()).send(body));

const leadsFrom = async (email: string) => strapi.db.query(CONTACT).count({ where: { email } });

/** A value that would add header lines if it reached a header, and markup if it reached HTML. */
const hostile = (field: string) => `Hostile ${field}\r\nX-Injected: ${field}\r\nBcc: evil@example.com\n<script>alert("${field}")</script> <b>bold</b> 'single' &amp;`;

const TEXT_FIELDS = ['first_name', 'last_name', 'method_of_contact', 'message'] as const;
const SOURCE_TEXTS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'gclid', 'fbclid'] as const;

/** The header names of a raw message, folded lines unfolded. */
function headerNames(raw: string): string[] {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/));
  return head.split(/\r?\n(?![ \t])/).map((line) => line.slice(0, line.indexOf(':')).toLowerCase());
}

describe('source links (issue 66)', () => {
  it('refuses a page_url with CR/LF, with a 422 naming it, and stores nothing', async () => {
    const person = newPerson('crlf-url');
    const res = await submit({ first_name: 'Link', ...person, source: { page_url: 'https://www.example.ae/x\r\nX-Injected: 1' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ 'source.page_url': ['The page_url may not contain spaces or control characters.'] });
    const arabic = await submit({ first_name: 'Link', ...person, source: { referrer: 'https://agent:secret@www.example.ae/' } }, '?locale=ar');
    expect(arabic.body.errors).toEqual({ 'source.referrer': ['يجب ألا يحتوي referrer على اسم مستخدم أو كلمة مرور.'] });
    expect(await leadsFrom(person.email)).toBe(0);
  });

  it('stores a link as WHATWG serialises it, its quotes and angle brackets percent-encoded, and forwards that', async () => {
    const person = newPerson('markup-url');
    const page_url = `HTTPS://WWW.Example.AE/o'neil/<script>alert("x")</script>?q=<b>\`#'`;
    const stored = 'https://www.example.ae/o%27neil/%3Cscript%3Ealert(%22x%22)%3C/script%3E?q=%3Cb%3E%60#%27';
    const res = await submit({ first_name: 'Link', ...person, source: { page_url } });
    expect(res.status).toBe(201);
    expect(await strapi.db.query(CONTACT).findOne({ where: { id: res.body.data.id } })).toMatchObject({ page_url: stored });
    const [hook] = await receiver.waitFor(person.email, 1);
    expect(JSON.parse(hook.body).lead.attribution).toEqual({ page_url: stored });
  });
});

describe('lengths count characters (issue 66)', () => {
  it('takes 255 emoji as a first name, stored whole, and refuses 256', async () => {
    const person = newPerson('emoji');
    const res = await submit({ first_name: '😀'.repeat(255), last_name: '👍🏽'.repeat(100), ...person });
    expect(res.status).toBe(201);
    expect(await strapi.db.query(CONTACT).findOne({ where: { id: res.body.data.id } })).toMatchObject({ first_name: '😀'.repeat(255), last_name: '👍🏽'.repeat(100) });
    const long = await submit({ first_name: '😀'.repeat(256), ...newPerson('emoji') });
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ first_name: ['The first name may not be greater than 255 characters.'] });
  });
});

describe('the enquiry type (issue 66)', () => {
  it.each(['PROJECT ', 'Project', 'CALLBACK'])('refuses %j with a 422 naming enquiry_type', async (type) => {
    const res = await submit({ first_name: 'Type', ...newPerson('type'), enquiry_type: type });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ enquiry_type: ['The enquiry type must be one of: general, project, listing, brochure, viewing, callback.'] });
  });
});

describe('hostile text in every field (issue 66)', () => {
  let mail: ReceivedMail;
  let payload: { lead: Record<string, unknown> & { attribution: Record<string, string> } };
  const person = newPerson('hostile');
  const sent: Record<string, string> = Object.fromEntries(TEXT_FIELDS.map((field) => [field, hostile(field)]));
  const source: Record<string, string> = Object.fromEntries(SOURCE_TEXTS.map((key) => [key, hostile(key)]));

  beforeAll(async () => {
    const before = smtp.received.length;
    // An SMTP end of data and a second message, after a line of its own, in the message too.
    sent.message += '\r\n.\r\nMAIL FROM:<evil@example.com>\r\nRCPT TO:<evil@example.com>\r\nDATA\r\nSmuggled\r\n.\r\n';
    const res = await submit({ ...sent, ...person, source });
    expect(res.status).toBe(201);
    mail = await waitForMail((m) => smtp.received.indexOf(m) >= before && m.raw.includes(`#${res.body.data.id})`));
    payload = JSON.parse((await receiver.waitFor(person.email, 1))[0].body);
  });

  it('adds no header to the e-mail: each header once, none injected', () => {
    const names = headerNames(mail.raw);
    expect(names).not.toContain('x-injected');
    expect(names).not.toContain('bcc');
    expect(new Set(names).size).toBe(names.length);
    expect(mail.to).toEqual([expect.any(String)]);
    expect(mail.to.join()).not.toContain('evil');
    expect(smtp.received.filter((m) => m.raw.includes('Smuggled'))).toHaveLength(1);
  });

  it('shows the markup as text: literal in the text part, escaped in the HTML part', () => {
    const parts = mailParts(mail);
    const text = parts.find((part) => part.type === 'text/plain')!.body;
    const html = parts.find((part) => part.type === 'text/html')!.body;
    expect(text).toContain('<script>alert("message")</script> <b>bold</b>');
    expect(html).not.toMatch(/<script|<b>/i);
    expect(html).toContain('&lt;script&gt;alert(&quot;message&quot;)&lt;/script&gt; &lt;b&gt;bold&lt;/b&gt; &apos;single&apos; &amp;amp;');
    for (const key of SOURCE_TEXTS) expect(html).toContain(`&lt;script&gt;alert(&quot;${key}&quot;)`);
  });

  it('sends the CRM every value as the JSON string it was, trimmed', () => {
    for (const field of TEXT_FIELDS) expect(payload.lead[field]).toBe(sent[field].trim());
    expect(payload.lead.attribution).toEqual(source);
  });
});

describe('a body with a __proto__ key (issue 66)', () => {
  it('is refused with a 400 that says so, and stores nothing', async () => {
    const person = newPerson('proto');
    for (const body of [
      `{"first_name":"Proto","email":"${person.email}","mobile":"${person.mobile}","__proto__":{"admin":true}}`,
      `{"first_name":"Proto","email":"${person.email}","mobile":"${person.mobile}","source":{"\\u005f_proto__":{}}}`,
    ]) {
      const res = await (await http()).post('/api/v1/contact-us').set('X-Forwarded-For', newClientIp()).set('Content-Type', 'application/json').send(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, status_code: 400, error_code: 'BAD_REQUEST', message: 'The request body has a key named __proto__, which is not accepted' });
    }
    expect(await leadsFrom(person.email)).toBe(0);
  });

  it('is dropped from a form body, as Strapi\'s query-string parser drops it', async () => {
    const person = newPerson('proto-form');
    const form = `first_name=Proto&email=${encodeURIComponent(person.email)}&mobile=${encodeURIComponent(person.mobile)}&__proto__[admin]=true`;
    const res = await (await http()).post('/api/v1/contact-us').set('X-Forwarded-For', newClientIp()).type('form').send(form);
    expect(res.status).toBe(201);
    expect(await leadsFrom(person.email)).toBe(1);
  });
});
