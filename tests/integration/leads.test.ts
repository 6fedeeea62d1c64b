/**
 * What a lead says it is about and where it came from (issue 42; decisions 141-145): project enquiries
 * with a snapshot of the project, campaign attribution, routing rules admins edit, repeats told apart
 * (a race included), the brochure answer, and what the desk's inbox and the CRM receive.
 */
import { createHmac, timingSafeEqual } from 'crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { adminToken, getStrapi, http, newClientIp, newPerson, SALES_INBOX, webhookReceiver } from '../helpers/app';
import { checked } from '../helpers/contract';
import { eventually } from '../helpers/eventually';
import { mailText, waitForMail } from '../helpers/smtp';
import { WEBHOOK_SECRET, type WebhookReceiver } from '../helpers/webhook-receiver';

const CONTACT = 'api::contact.contact';
const ROUTES = '/content-manager/collection-types/api::contact.lead-route';

let strapi: Core.Strapi;
let receiver: WebhookReceiver;

interface Project {
  id: string;
  slug: string;
  name: string;
  canonical_url: string;
  brochure_url: string;
  developer: { id: number; name: string };
  state_id: string;
}
let withBrochure: Project;
let withoutBrochure: Project;

async function projectDetail(id: string): Promise<Project> {
  const res = await (await http()).get(`/api/v1/off-plan/projects/${id}`);
  expect(res.status).toBe(200);
  return res.body.data as Project;
}

beforeAll(async () => {
  strapi = await getStrapi();
  receiver = await webhookReceiver();
  const list = (await (await http()).get('/api/v1/off-plan/projects?per_page=100')).body.data.properties.data as Array<{ id: string }>;
  const details = await Promise.all(list.slice(0, 40).map((card) => projectDetail(card.id)));
  withBrochure = details.find((project) => project.brochure_url)!;
  withoutBrochure = details.find((project) => !project.brochure_url)!;
  expect(withBrochure).toBeDefined();
  expect(withoutBrochure).toBeDefined();
});

async function submit(body: Record<string, unknown>, query = '') {
  return checked((await http()).post(`/api/v1/contact-us${query}`).set('X-Forwarded-For', newClientIp()).send(body));
}

const lead = (tag: string, extra: Record<string, unknown> = {}) => ({ first_name: 'Rania', last_name: tag, ...newPerson(tag), ...extra });

async function stored(id: number): Promise<Record<string, unknown>> {
  return (await strapi.db.query(CONTACT).findOne({ where: { id } })) as Record<string, unknown>;
}

/** The signature check as docs/lead-deliveries.md describes it, written here independently of the app. */
function validSignature(header: string | undefined, body: string): boolean {
  const parts = Object.fromEntries(String(header).split(',').map((part) => part.split('=') as [string, string]));
  const expected = createHmac('sha256', WEBHOOK_SECRET).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('POST /api/v1/contact-us: the enquiry fields', () => {
  it('answers an old client exactly as before: 201 { id } and nothing more', async () => {
    const res = await submit(lead('old'));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, status_code: 201, message: 'Your message has been received. We will get back to you soon.', data: { id: expect.any(Number) } });
    expect(await stored(res.body.data.id)).toMatchObject({ enquiry_type: 'general', project_id: null, project: null, utm_campaign: null, desk: 'default', repeat_of: null });
  });

  it('refuses each bad field with its own message, in English', async () => {
    const res = await submit(lead('bad', {
      project_id: 'no-such-project-anywhere', enquiry_type: 'investment',
      source: { page_url: 'javascript:alert(1)', referrer: `https://example.com/${'a'.repeat(2000)}`, utm_campaign: 'c'.repeat(256), utm_source: 42, unknown_key: 'ignored' },
    }));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      enquiry_type: ['The enquiry type must be one of: general, project, listing, brochure, viewing, callback.'],
      'source.page_url': ['The page_url must be an http(s) URL of at most 2000 characters.'],
      'source.referrer': ['The referrer must be an http(s) URL of at most 2000 characters.'],
      'source.utm_source': ['The utm_source must be text.'],
      'source.utm_campaign': ['The utm_campaign may not be greater than 255 characters.'],
    });
    // The project is looked up once the form is otherwise valid.
    const unknown = await submit(lead('bad', { project_id: 'no-such-project-anywhere' }));
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ project_id: ['No off-plan project with this id'] });
  });

  it('refuses a project, listing, brochure or viewing enquiry without what it is about, and a source that is not an object', async () => {
    const needs = {
      project: { project_id: ['A project enquiry needs a project_id.'] },
      listing: { listing_id: ['A listing enquiry needs a listing_id.'] },
      brochure: { project_id: ['A brochure enquiry needs a project_id or a listing_id.'] },
      viewing: { project_id: ['A viewing enquiry needs a project_id or a listing_id.'] },
    };
    for (const [type, errors] of Object.entries(needs)) {
      const res = await submit(lead('needs', { enquiry_type: type, source: 'google' }));
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ ...errors, source: ['The source must be an object.'] });
    }
    expect((await submit(lead('callback', { enquiry_type: 'callback' }))).status).toBe(201);
  });

  it('says the same in Arabic', async () => {
    const res = await submit(lead('ar', { enquiry_type: 'viewing', source: { page_url: 'ftp://x' } }), '?locale=ar');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ message: 'البيانات المرسلة غير صالحة' });
    expect(res.body.errors).toEqual({
      project_id: ['يتطلب الاستفسار من نوع viewing قيمة project_id أو listing_id.'],
      'source.page_url': ['يجب أن يكون page_url عنوان http(s) لا يزيد على 2000 حرفًا.'],
    });
    const unknown = await submit(lead('ar', { project_id: '999999999' }), '?locale=ar');
    expect(unknown.body.errors).toEqual({ project_id: ['لا يوجد مشروع على الخارطة بهذا المعرّف'] });
  });
});

describe('a project enquiry', () => {
  it('keeps a snapshot of the project, found by its slug or by its id, and the attribution', async () => {
    const source = { page_url: `${withoutBrochure.canonical_url}?utm_campaign=spring`, referrer: 'https://www.google.com/', utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'spring-launch', gclid: 'Cj0KCQ' };
    const bySlug = await submit(lead('snap', { project_id: withoutBrochure.slug, source }));
    expect(bySlug.status).toBe(201);
    expect(bySlug.body.data).toEqual({ id: expect.any(Number) });
    const row = await stored(bySlug.body.data.id);
    expect(row).toMatchObject({ enquiry_type: 'project', project_id: withoutBrochure.id, project_name: withoutBrochure.name, ...source, utm_term: null });
    expect(row.project).toEqual({
      id: withoutBrochure.id, slug: withoutBrochure.slug, name: withoutBrochure.name, ref_no: expect.any(String),
      developer: { id: withoutBrochure.developer.id, name: withoutBrochure.developer.name },
      community: expect.any(String), emirate: { code: withoutBrochure.state_id, name: expect.any(String) },
      starting_price: { amount: expect.anything(), currency: expect.any(String) }, agent: { name: expect.any(String), phone: expect.any(String) },
      page_url: withoutBrochure.canonical_url, brochure_url: '',
    });
    const byId = await submit(lead('snap-id', { project_id: Number(withoutBrochure.id), enquiry_type: 'viewing' }));
    expect(await stored(byId.body.data.id)).toMatchObject({ enquiry_type: 'viewing', project_id: withoutBrochure.id });
  });

  it('answers a brochure enquiry with the brochure, when the project has one', async () => {
    const res = await submit(lead('brochure', { project_id: withBrochure.id, enquiry_type: 'brochure' }));
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ id: expect.any(Number), brochure_url: withBrochure.brochure_url });
    const none = await submit(lead('no-brochure', { project_id: withoutBrochure.id, enquiry_type: 'brochure' }));
    expect(none.body.data).toEqual({ id: expect.any(Number) });
    const notAsked = await submit(lead('project', { project_id: withBrochure.id }));
    expect(notAsked.body.data).toEqual({ id: expect.any(Number) });
  });
});

describe('routing rules edited in the admin', () => {
  it('sends the lead to the first matching desk, e-mails that desk and tells the CRM the project, attribution and desk', async () => {
    const token = await adminToken();
    const admin = await http();
    const campaign = `rule-test-${Date.now()}`;
    const create = (data: Record<string, unknown>) => admin.post(ROUTES).set('Authorization', `Bearer ${token}`).send(data);
    const later = await create({ name: 'Later rule', priority: 20, desk: 'later-desk', desk_email: 'later@test.local', utm_campaign: campaign });
    const first = await create({ name: 'Developer desk', priority: 10, desk: 'dev-desk', desk_email: 'dev-desk@test.local', crm_pipeline: 'Off-plan VIP', developer: withBrochure.developer.name.toUpperCase(), utm_campaign: campaign });
    expect([later.status, first.status]).toEqual([201, 201]);
    const bad = await create({ name: 'Bad desk', priority: 1, desk: 'Not A Key!' });
    expect(bad.status).toBe(400);
    try {
      const person = newPerson('routed');
      const res = await submit({ first_name: 'Routed', ...person, project_id: withBrochure.slug, enquiry_type: 'viewing', source: { utm_campaign: campaign, utm_source: 'meta' } });
      const id = res.body.data.id as number;
      expect(await stored(id)).toMatchObject({ desk: 'dev-desk', desk_email: 'dev-desk@test.local', crm_pipeline: 'Off-plan VIP', routing_rule: `Developer desk (#${first.body.data.id})` });

      const mail = await waitForMail((m) => m.raw.includes(`#${id})`));
      expect(mail.to).toEqual(['dev-desk@test.local']);
      expect(mail.raw).toContain(`Subject: New viewing enquiry about ${withBrochure.name} from Routed`);
      expect(mail.raw).toContain(`utm_campaign: ${campaign}`);

      const [hook] = await receiver.waitFor(person.email, 1);
      expect(validSignature(hook.headers['x-lead-signature'] as string, hook.body)).toBe(true);
      const payload = JSON.parse(hook.body);
      expect(payload.event).toBe('lead.created');
      expect(payload.lead).toMatchObject({
        id, enquiry_type: 'viewing', project: { id: withBrochure.id, slug: withBrochure.slug, name: withBrochure.name },
        attribution: { utm_campaign: campaign, utm_source: 'meta' },
        desk: { name: 'dev-desk', email: 'dev-desk@test.local', crm_pipeline: 'Off-plan VIP', rule: `Developer desk (#${first.body.data.id})` },
      });

      // Another developer's project with the campaign: the later rule; without the campaign: no rule.
      const other = await submit(lead('routed-2', { project_id: withoutBrochure.id, source: { utm_campaign: campaign } }));
      const expectedDesk = withoutBrochure.developer.name.toLowerCase() === withBrochure.developer.name.toLowerCase() ? 'dev-desk' : 'later-desk';
      expect(await stored(other.body.data.id)).toMatchObject({ desk: expectedDesk });
      const plain = await submit(lead('routed-3', { project_id: withBrochure.id }));
      expect(await stored(plain.body.data.id)).toMatchObject({ desk: 'default', desk_email: null, routing_rule: null });
    } finally {
      for (const rule of [later, first]) await admin.delete(`${ROUTES}/${rule.body.data.documentId}`).set('Authorization', `Bearer ${token}`);
    }
  });
});

describe('repeats', () => {
  it('stores a repeat as a lead of its own marked repeat_of, e-mails the desk once, and sends the CRM a signed lead.repeated', async () => {
    const person = newPerson('repeat');
    const about = { project_id: withBrochure.id, enquiry_type: 'brochure' };
    const firstRes = await submit({ first_name: 'Once', ...person, ...about });
    // The same person by phone alone, about the same project under its slug.
    const again = await submit({ first_name: 'Twice', email: `other.${person.email}`, mobile: person.mobile, project_id: withBrochure.slug, enquiry_type: 'viewing' });
    const [first, repeat] = [firstRes.body.data.id as number, again.body.data.id as number];
    expect(again.status).toBe(201);
    expect(await stored(repeat)).toMatchObject({ repeat_of: first, first_name: 'Twice' });
    expect(await stored(first)).toMatchObject({ repeat_of: null });

    const rows = (await strapi.db.connection('app_lead_deliveries').where({ contact_id: repeat })) as Array<{ target: string; event: string }>;
    expect(rows.map((row) => [row.target, row.event])).toEqual([['webhook', 'lead.repeated']]);

    const [hook] = await receiver.waitFor(`other.${person.email}`, 1);
    expect(validSignature(hook.headers['x-lead-signature'] as string, hook.body)).toBe(true);
    const payload = JSON.parse(hook.body);
    const firstRow = await stored(first);
    expect(payload).toMatchObject({ event: 'lead.repeated', repeat_of: { id: first, document_id: firstRow.documentId }, lead: { id: repeat, enquiry_type: 'viewing' } });

    // Another subject (a general enquiry) is not a repeat of a project enquiry.
    const general = await submit({ first_name: 'General', ...person });
    expect(await stored(general.body.data.id)).toMatchObject({ repeat_of: null });
  });

  it('two identical submissions at once are one first and one repeat', async () => {
    for (let round = 0; round < 3; round += 1) {
      const body = { first_name: 'Racer', ...newPerson('race'), project_id: withoutBrochure.id };
      const answers = await Promise.all([submit(body), submit(body)]);
      const ids = answers.map((res) => res.body.data.id as number).sort((a, b) => a - b);
      const rows = await Promise.all(ids.map(stored));
      const firsts = rows.filter((row) => row.repeat_of === null);
      expect(firsts).toHaveLength(1);
      expect(rows.find((row) => row.repeat_of !== null)?.repeat_of).toBe(firsts[0].id);
    }
  });

  it('a lead after the window is a first again', async () => {
    const person = newPerson('window');
    const first = (await submit({ first_name: 'Old', ...person })).body.data.id as number;
    // The first lead's key as it would be a day and more later.
    await strapi.db.connection('app_lead_firsts').where({ lead_id: first }).update({ first_at: Date.now() - 25 * 60 * 60 * 1000 });
    const later = (await submit({ first_name: 'New', ...person })).body.data.id as number;
    expect(await stored(later)).toMatchObject({ repeat_of: null });
    const third = (await submit({ first_name: 'Again', ...person })).body.data.id as number;
    expect(await stored(third)).toMatchObject({ repeat_of: later });
  });
});

describe('personal data', () => {
  it('erasure clears the page URL, referrer and click ids, and forgets the repeat keys', async () => {
    const person = newPerson('erase');
    const source = { page_url: `https://site.test/p?email=${encodeURIComponent(person.email)}`, referrer: 'https://mail.test/inbox', utm_campaign: 'kept-for-stats', gclid: 'G1', fbclid: 'F1' };
    const id = (await submit({ first_name: 'Erase', ...person, project_id: withoutBrochure.id, source })).body.data.id as number;
    const res = await (await http()).post('/personal-data/erase').set('Authorization', `Bearer ${await adminToken()}`).send({ email: person.email });
    expect(res.status).toBe(200);
    const row = await eventually(async () => {
      const current = await stored(id);
      if (!current.anonymised_at) throw new Error('not erased yet');
      return current;
    });
    expect(row).toMatchObject({ page_url: null, referrer: null, gclid: null, fbclid: null, utm_campaign: 'kept-for-stats', email: 'erased@invalid' });
    expect(await strapi.db.connection('app_lead_firsts').where({ lead_id: id })).toEqual([]);
  });
});

describe('a listing enquiry (issue 43)', () => {
  interface Home { id: number; slug: string; reference: string; title: string; purpose: string; state_id: string | null; permit_number: string | null; canonical_url: string; price: { amount: number | null; currency: string; period: string | null } }
  const homes = async (purpose: string): Promise<Home[]> => (await (await http()).get(`/api/v1/properties?purpose=${purpose}&per_page=100`)).body.data.listings.data;

  it('keeps a snapshot of the listing and its agent, found by its reference, slug or id, and routes it by the listing\'s emirate', async () => {
    const [home] = await homes('rent');
    const byReference = await submit(lead('home', { listing_id: home.reference }));
    expect(byReference.status).toBe(201);
    expect(byReference.body.data).toEqual({ id: expect.any(Number) });
    const row = await stored(byReference.body.data.id);
    expect(row).toMatchObject({ enquiry_type: 'listing', listing_reference: home.reference, listing_title: home.title, project_id: null, project: null });
    expect(row.listing).toEqual({
      id: home.id, reference: home.reference, slug: home.slug, title: home.title, purpose: 'rent', price: home.price, bedrooms: expect.anything(),
      community: expect.any(String), emirate: { code: home.state_id ?? '', name: expect.any(String) }, permit_number: home.permit_number,
      agent: { name: expect.any(String), phone: expect.any(String), email: expect.any(String) }, page_url: home.canonical_url, brochure_url: expect.any(String),
    });
    // The agent's e-mail is the lead's, never the public card's.
    expect(JSON.stringify(home)).not.toContain((row.listing as { agent: { email: string } }).agent.email || '@@');
    const bySlug = await submit(lead('home-slug', { listing_id: home.slug, enquiry_type: 'viewing' }));
    expect(await stored(bySlug.body.data.id)).toMatchObject({ enquiry_type: 'viewing', listing_reference: home.reference });
    const byId = await submit(lead('home-id', { listing_id: home.id, enquiry_type: 'callback' }));
    expect(await stored(byId.body.data.id)).toMatchObject({ enquiry_type: 'callback', listing_reference: home.reference });
  });

  it('refuses a listing not on the public routes, and a project and a listing together, in both languages', async () => {
    const unknown = await submit(lead('no-home', { listing_id: 'no-such-home' }));
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ listing_id: ['No listing for sale or rent with this id'] });
    const [home] = await homes('sale');
    const both = await submit(lead('both', { listing_id: home.reference, project_id: withBrochure.id }), '?locale=ar');
    expect(both.status).toBe(422);
    expect(both.body.errors).toEqual({ listing_id: ['يكون الاستفسار عن مشروع أو عن عقار، لا عن كليهما.'] });
  });

  it('e-mails the desk the listing and its agent, tells the CRM, and counts a second enquiry about it as a repeat', async () => {
    const [home] = await homes('sale');
    const person = newPerson('home-mail');
    const id = (await submit({ first_name: 'Tenant', ...person, listing_id: home.reference })).body.data.id as number;
    const text = mailText(await waitForMail((m) => m.raw.includes(`#${id})`)));
    expect(text).toContain(`ref. ${home.reference}, for sale`);
    expect(text).toContain('Listing agent: ');
    expect(text).toContain(`Page: ${home.canonical_url}`);
    const again = await submit({ first_name: 'Tenant', ...person, listing_id: home.slug });
    expect(await stored(again.body.data.id)).toMatchObject({ repeat_of: id });
    const other = (await homes('sale'))[1];
    const elsewhere = await submit({ first_name: 'Tenant', ...person, listing_id: other.reference });
    expect(await stored(elsewhere.body.data.id)).toMatchObject({ repeat_of: null });
  });
});

describe('the delivery e-mail without a rule', () => {
  it('goes to the service inbox with the project and the attribution', async () => {
    const id = (await submit(lead('inbox', { project_id: withoutBrochure.id, source: { utm_campaign: 'inbox-campaign' } }))).body.data.id as number;
    const mail = await waitForMail((m) => m.raw.includes(`#${id})`));
    expect(mail.to).toEqual([SALES_INBOX]);
    expect(mail.raw).toContain('Desk: default');
    expect(mail.raw).toContain(`Page: ${withoutBrochure.canonical_url}`);
  });
});

describe('the Leads widget', () => {
  it('counts the last 30 days per project and per campaign', async () => {
    const res = await (await http()).get('/leads/summary').set('Authorization', `Bearer ${await adminToken()}`);
    expect(res.status).toBe(200);
    const { per_project, per_campaign } = res.body.data as { per_project: Array<{ name: string; count: number }>; per_campaign: Array<{ name: string; count: number }> };
    const projectCount = (await strapi.db.query(CONTACT).count({ where: { project_name: withBrochure.name } })) as number;
    expect(per_project).toContainEqual({ name: 'none', count: expect.any(Number) });
    const listed = per_project.find((share) => share.name === withBrochure.name);
    if (listed) expect(listed.count).toBe(projectCount);
    expect(per_campaign.map((share) => share.count)).toEqual([...per_campaign.map((share) => share.count)].sort((a, b) => b - a));
    expect(per_campaign.length).toBeGreaterThan(1);
  });
});
