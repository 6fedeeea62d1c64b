/**
 * Leads reach the sales team through the delivery outbox: a real SMTP server (tests/helpers/smtp.ts)
 * and a real HTTP receiver standing in for the CRM (tests/helpers/webhook-receiver.ts), which the test
 * scripts per lead (by its e-mail address). Retries come within a second here (LEAD_DELIVERY_* in
 * tests/helpers/app.ts).
 */
import fs from 'fs';
import path from 'path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { setTimeout as sleep } from 'timers/promises';
import { adminToken, editorAccount, getStrapi, http, newClientIp, newPerson, SALES_INBOX, webhookReceiver } from '../helpers/app';
import { eventually } from '../helpers/eventually';
import { smtp, waitForMail } from '../helpers/smtp';
import { WEBHOOK_SECRET, type WebhookReceiver } from '../helpers/webhook-receiver';

const CONTACT = 'api::contact.contact';
const TABLE = 'app_lead_deliveries';

type Verify = (secret: string, header: string | undefined, rawBody: string) => boolean;

/** The signature check exactly as docs/lead-deliveries.md gives it to CRM developers. */
function documentedVerify(): Verify {
  const doc = fs.readFileSync(path.resolve(__dirname, '..', '..', 'docs', 'lead-deliveries.md'), 'utf8');
  const code = /<!-- signature-example[^>]*-->\s*```js\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!code) throw new Error('docs/lead-deliveries.md has no signature example');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  return new Function('require', `${code}\nreturn verifyLeadWebhook;`)(require) as Verify;
}

let strapi: Core.Strapi;
let receiver: WebhookReceiver;
let verify: Verify;
let serial = 0;

beforeAll(async () => {
  strapi = await getStrapi();
  receiver = await webhookReceiver();
  verify = documentedVerify();
});

/** A lead with an e-mail address of its own, so the receiver's script and the checks find it. */
async function submitLead(tag: string) {
  serial += 1;
  const email = `${tag}.${serial}.${Date.now()}@example.com`;
  const res = await (await http())
    .post('/api/v1/contact-us')
    .set('X-Forwarded-For', newClientIp())
    .send({ first_name: 'Delivery', last_name: tag, email, mobile: newPerson().mobile, message: `About ${tag}` });
  expect(res.status).toBe(201);
  return { id: res.body.data.id as number, email };
}

interface Row {
  id: number;
  target: string;
  status: string;
  attempts: number;
  idempotency_key: string;
  last_error: string | null;
}

async function deliveries(leadId: number): Promise<Row[]> {
  const rows = (await strapi.db.connection(TABLE).where({ contact_id: leadId }).orderBy('target')) as Row[];
  return rows.map((row) => ({ ...row, attempts: Number(row.attempts) }));
}

async function deliveryOf(leadId: number, target: 'email' | 'webhook'): Promise<Row> {
  return (await deliveries(leadId)).find((row) => row.target === target)!;
}

function waitForStatus(leadId: number, target: 'email' | 'webhook', status: string, timeoutMs = 30_000): Promise<Row> {
  return eventually(
    async () => {
      const row = await deliveryOf(leadId, target);
      if (row?.status !== status) throw new Error(`lead #${leadId}'s ${target} delivery is not ${status} within ${timeoutMs} ms: ${JSON.stringify(row)}`);
      return row;
    },
    { timeoutMs, intervalMs: 50 }
  );
}


describe('the outbox', () => {
  it('records one delivery per configured target with the lead, before the 201', async () => {
    const lead = await submitLead('outbox');
    const rows = await deliveries(lead.id);
    expect(rows.map((row) => row.target)).toEqual(['email', 'webhook']);
    expect(new Set(rows.map((row) => row.idempotency_key)).size).toBe(2);
    await waitForStatus(lead.id, 'webhook', 'delivered');
    await waitForStatus(lead.id, 'email', 'delivered');
  });
});

describe('the CRM webhook', () => {
  it('answered 500 three times then 200: delivered once, the same idempotency key and a valid signature on every attempt', async () => {
    const email = `retried.${Date.now()}@example.com`;
    const { mobile } = newPerson();
    receiver.script(email, [500, 500, 500]);
    const res = await (await http()).post('/api/v1/contact-us').set('X-Forwarded-For', newClientIp())
      .send({ first_name: 'Retried', email, mobile });
    expect(res.status).toBe(201);
    const row = await waitForStatus(res.body.data.id, 'webhook', 'delivered');
    const hooks = receiver.hooksFor(email);
    expect(hooks.map((hook) => hook.answered)).toEqual([500, 500, 500, 200]);
    expect(row.attempts).toBe(4);
    expect(hooks.map((hook) => hook.headers['x-lead-delivery-attempt'])).toEqual(['1', '2', '3', '4']);
    expect(new Set(hooks.map((hook) => hook.headers['idempotency-key']))).toEqual(new Set([row.idempotency_key]));
    expect(new Set(hooks.map((hook) => hook.body)).size).toBe(1);
    for (const hook of hooks) expect(verify(WEBHOOK_SECRET, hook.headers['x-lead-signature'] as string, hook.body)).toBe(true);
    expect(JSON.parse(hooks[0].body)).toEqual({
      event: 'lead.created',
      idempotency_key: row.idempotency_key,
      lead: {
        id: res.body.data.id, document_id: expect.any(String), first_name: 'Retried', last_name: '', email, mobile,
        method_of_contact: '', message: '', source: 'Website Contact Form', locale: 'en', received_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        enquiry_type: 'general', project: null, listing: null, attribution: {}, desk: { name: 'default', email: null, crm_pipeline: null, rule: null },
      },
    });
    // Delivered: no request follows.
    await sleep(1500);
    expect(receiver.hooksFor(email)).toHaveLength(4);
  });

  it('answered 400: failed at once, with the error, never retried', async () => {
    const email = `refused.${Date.now()}@example.com`;
    receiver.script(email, [400]);
    const res = await (await http()).post('/api/v1/contact-us').set('X-Forwarded-For', newClientIp())
      .send({ first_name: 'Refused', email, mobile: newPerson().mobile });
    const row = await waitForStatus(res.body.data.id, 'webhook', 'failed');
    expect(row).toMatchObject({ attempts: 1, last_error: 'HTTP 400 Bad Request' });
    await sleep(1500);
    expect(receiver.hooksFor(email)).toHaveLength(1);
    // The e-mail to the sales inbox is a delivery of its own, unaffected.
    await waitForStatus(res.body.data.id, 'email', 'delivered');
  });

  it.each([[408], [429], [503]])('answered %i: retried', async (status) => {
    const email = `transient${status}.${Date.now()}@example.com`;
    receiver.script(email, [status]);
    const res = await (await http()).post('/api/v1/contact-us').set('X-Forwarded-For', newClientIp())
      .send({ first_name: 'Transient', email, mobile: newPerson().mobile });
    expect(await waitForStatus(res.body.data.id, 'webhook', 'delivered')).toMatchObject({ attempts: 2 });
  });

  it('gives up after LEAD_DELIVERY_MAX_ATTEMPTS (6 here) and says so', async () => {
    const email = `down.${Date.now()}@example.com`;
    receiver.script(email, Array(10).fill(503));
    const res = await (await http()).post('/api/v1/contact-us').set('X-Forwarded-For', newClientIp())
      .send({ first_name: 'Down', email, mobile: newPerson().mobile });
    const row = await waitForStatus(res.body.data.id, 'webhook', 'failed', 20_000);
    expect(row).toMatchObject({ attempts: 6, last_error: 'HTTP 503 Service Unavailable (gave up after 6 attempts)' });
    expect(receiver.hooksFor(email)).toHaveLength(6);
  });

  it('the documented signature check refuses a tampered body, another secret and an old timestamp', async () => {
    const lead = await submitLead('signed');
    const [hook] = await receiver.waitFor(lead.email, 1);
    const header = hook.headers['x-lead-signature'] as string;
    expect(verify(WEBHOOK_SECRET, header, hook.body)).toBe(true);
    expect(verify(WEBHOOK_SECRET, header, hook.body.replace('"first_name":"Delivery"', '"first_name":"Mallory"'))).toBe(false);
    expect(verify(WEBHOOK_SECRET, header, `${hook.body} `)).toBe(false);
    expect(verify('another-secret', header, hook.body)).toBe(false);
    expect(verify(WEBHOOK_SECRET, undefined, hook.body)).toBe(false);
    const { createHmac } = await import('crypto');
    const old = Math.floor(Date.now() / 1000) - 3600;
    const replayed = `t=${old},v1=${createHmac('sha256', WEBHOOK_SECRET).update(`${old}.${hook.body}`).digest('hex')}`;
    expect(verify(WEBHOOK_SECRET, replayed, hook.body)).toBe(false);
  });
});

describe('the notification e-mail', () => {
  it('SMTP server down for the first attempts, then up: the e-mail arrives, once', async () => {
    smtp.down = true;
    let lead: { id: number; email: string };
    try {
      lead = await submitLead('smtp-down');
      for (let waited = 0; (await deliveryOf(lead.id, 'email')).attempts < 2; waited += 50) {
        if (waited > 10_000) throw new Error('the e-mail was not attempted twice');
        await sleep(50);
      }
      expect(await deliveryOf(lead.id, 'email')).toMatchObject({ status: 'retrying', last_error: expect.stringMatching(/421|Service not available/) });
    } finally {
      smtp.down = false;
    }
    const row = await waitForStatus(lead.id, 'email', 'delivered');
    const mail = await waitForMail((m) => m.raw.includes(`#${lead.id})`));
    expect(mail.to).toEqual([SALES_INBOX]);
    expect(mail.raw).toContain(`Message-ID: <lead-${row.idempotency_key}@cms.test.local>`);
    expect(smtp.received.filter((m) => m.raw.includes(`#${lead.id})`))).toHaveLength(1);
  });
});

describe('in the admin', () => {
  const asAdmin = async (method: 'get' | 'post', route: string, token?: string) =>
    (await http())[method](route).set('Authorization', `Bearer ${token ?? (await adminToken())}`);

  it("shows a lead's deliveries per target, and an editor may retry a failed one", async () => {
    const email = `retry.${Date.now()}@example.com`;
    receiver.script(email, [422]);
    const res = await (await http()).post('/api/v1/contact-us').set('X-Forwarded-For', newClientIp())
      .send({ first_name: 'Retry', email, mobile: newPerson().mobile });
    const id = res.body.data.id as number;
    await waitForStatus(id, 'webhook', 'failed');
    await waitForStatus(id, 'email', 'delivered');
    const { documentId } = (await strapi.db.query(CONTACT).findOne({ where: { id } })) as { documentId: string };

    const editor = await adminToken(await editorAccount());
    const shown = await asAdmin('get', `/lead-deliveries/${documentId}`, editor);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({
      lead_id: id,
      can_retry: true,
      deliveries: [
        { target: 'email', status: 'delivered', attempts: 1, last_error: null, next_attempt_at: null, delivered_at: expect.any(String) },
        { target: 'webhook', status: 'failed', attempts: 1, last_error: 'HTTP 422 Unprocessable Entity', delivered_at: null },
      ],
    });
    const [emailDelivery, webhookDelivery] = shown.body.data.deliveries as Array<{ id: number }>;

    const refused = await asAdmin('post', `/lead-deliveries/${emailDelivery.id}/retry`, editor);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('Only a failed delivery can be retried; this one is delivered');

    const retried = await asAdmin('post', `/lead-deliveries/${webhookDelivery.id}/retry`, editor);
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ status: 'pending', attempts: 0, last_error: null });
    expect(await waitForStatus(id, 'webhook', 'delivered')).toMatchObject({ attempts: 1 });
    expect(receiver.hooksFor(email).map((hook) => hook.answered)).toEqual([422, 200]);
  });

  it('a role that may read every lead but edit only its own sees the deliveries and may not retry', async () => {
    const lead = await submitLead('read-only-role');
    receiver.script(lead.email, []);
    const { documentId } = (await strapi.db.query(CONTACT).findOne({ where: { id: lead.id } })) as { documentId: string };
    const role = await strapi.service('admin::role').create({ name: `Lead readers ${Date.now()}`, description: 'read leads only' });
    await strapi.service('admin::role').assignPermissions(role.id, [
      { action: 'plugin::content-manager.explorer.read', subject: CONTACT, properties: { fields: ['first_name', 'email'] }, conditions: [] },
      { action: 'plugin::content-manager.explorer.update', subject: CONTACT, properties: { fields: ['first_name'] }, conditions: ['admin::is-creator'] },
    ]);
    const credentials = { email: `lead-reader-${Date.now()}@test.local`, password: 'Lead-Reader-Passw0rd' };
    await strapi.service('admin::user').create({ ...credentials, firstname: 'Lead', lastname: 'Reader', isActive: true, roles: [role.id] });
    const reader = await adminToken(credentials);

    const shown = await asAdmin('get', `/lead-deliveries/${documentId}`, reader);
    expect(shown.status).toBe(200);
    expect(shown.body.data.can_retry).toBe(false);
    const retry = await asAdmin('post', `/lead-deliveries/${shown.body.data.deliveries[0].id}/retry`, reader);
    expect(retry.status).toBe(403);
  });

  it('answers 404 for an unknown lead or delivery, 401 without a session', async () => {
    expect((await asAdmin('get', '/lead-deliveries/no-such-document')).status).toBe(404);
    expect((await asAdmin('post', '/lead-deliveries/999999999/retry')).status).toBe(404);
    expect((await asAdmin('post', '/lead-deliveries/abc/retry')).status).toBe(404);
    expect((await (await http()).get('/lead-deliveries/whatever')).status).toBe(401);
  });

  it('counts failed and pending deliveries for the Leads widget', async () => {
    const before = (await asAdmin('get', '/leads/summary')).body.data.deliveries;
    const email = `widget.${Date.now()}@example.com`;
    receiver.script(email, [410]);
    const res = await (await http()).post('/api/v1/contact-us').set('X-Forwarded-For', newClientIp())
      .send({ first_name: 'Widget', email, mobile: newPerson().mobile });
    await waitForStatus(res.body.data.id, 'webhook', 'failed');
    const after = (await asAdmin('get', '/leads/summary')).body.data.deliveries;
    expect(after.failed).toBe(before.failed + 1);
    expect(after).toEqual({ failed: expect.any(Number), pending: expect.any(Number) });
    // A deleted lead's deliveries no longer count.
    const { documentId } = (await strapi.db.query(CONTACT).findOne({ where: { id: res.body.data.id } })) as { documentId: string };
    await strapi.documents(CONTACT).delete({ documentId });
    expect((await asAdmin('get', '/leads/summary')).body.data.deliveries.failed).toBe(before.failed);
  });

});
