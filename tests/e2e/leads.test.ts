/**
 * A lead sent through the public API, as the sales team sees it: in the leads list (newest first, the
 * useful columns, no "Create" for editors), in the Leads widget, in the CSV export, and how it reached
 * the sales inbox and the CRM (the lead's Deliveries panel, with Retry for a failed delivery).
 */
import fs from 'fs';
import path from 'path';
import { describe, expect, it } from 'vitest';
import { editorAccount, http, newClientIp, webhookReceiver } from '../helpers/app';
import { logInToAdmin, SCREENSHOT_DIR, screenshot, useAdminBrowser } from '../helpers/browser';

const session = useAdminBrowser();
const LEAD = {
  first_name: 'Omar',
  last_name: 'Farouk',
  email: 'omar.farouk@example.com',
  mobile: '+971 50 765 4321',
  method_of_contact: 'Google search',
  message: 'We are relocating from Cairo in September and want a four-bedroom villa near a British curriculum school.',
};

describe('a lead from the website', () => {
  it('is first in the leads list, with name, e-mail, mobile, how they found us, message and date', async () => {
    expect((await (await http()).post('/api/v1/contact-us').set('X-Forwarded-For', newClientIp()).send(LEAD)).status).toBe(201);
    const { page, base } = session;
    await logInToAdmin(page, base, await editorAccount());
    await page.goto(`${base}/admin/content-manager/collection-types/api::contact.contact`);
    await page.getByRole('button', { name: 'Export CSV' }).waitFor();
    const headers = (await page.locator('thead th').allTextContents()).map((text) => text.trim().toLowerCase()).filter(Boolean);
    expect(headers).toEqual(expect.arrayContaining(['name', 'e-mail', 'mobile', 'found us via', 'message', 'received']));
    const firstRow = page.locator('tbody tr').first();
    await firstRow.getByText('Omar Farouk').waitFor();
    const cells = await firstRow.textContent();
    for (const text of [LEAD.email, LEAD.mobile, LEAD.method_of_contact, 'We are relocating from Cairo']) expect(cells).toContain(text);
    expect(await page.getByRole('link', { name: /Create new entry/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Create new entry/ }).count()).toBe(0);
    await screenshot(page, '10-leads-list');
  });

  it('downloads with Export CSV', async () => {
    const { page } = session;
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = path.join(SCREENSHOT_DIR, download.suggestedFilename());
    await download.saveAs(file);
    const csv = fs.readFileSync(file, 'utf8');
    expect(csv.startsWith('id,created_at,first_name,last_name,email,mobile,method_of_contact,message,contact_type,language,consent,consent_text_version,consent_at\r\n')).toBe(true);
    expect(csv).toContain('Omar,Farouk,omar.farouk@example.com');
  });

  it('shows in the Leads widget on the home page, linking to the lead', async () => {
    const { page, base } = session;
    await page.goto(`${base}/admin`);
    const widget = page.getByTestId('leads-widget');
    await widget.waitFor();
    expect(Number(await widget.getByTestId('leads-today').textContent())).toBeGreaterThanOrEqual(1);
    const latest = widget.getByTestId('latest-lead').first();
    expect(await latest.textContent()).toContain('Omar Farouk');
    expect(await latest.textContent()).toContain('Google search');
    await screenshot(page, '11-leads-widget');
    await latest.getByRole('link', { name: 'Omar Farouk' }).click();
    await page.getByLabel('Message').waitFor();
    expect(await page.getByLabel('E-mail').inputValue()).toBe(LEAD.email);
  });

  it("shows beside the lead how it reached the sales inbox and the CRM", async () => {
    const { page } = session;
    const panel = page.getByTestId('lead-deliveries');
    await panel.waitFor();
    await panel.getByTestId('delivery-email').getByText('Delivered').waitFor();
    await panel.getByTestId('delivery-webhook').getByText('Delivered').waitFor();
    await screenshot(page, '12-lead-deliveries');
  });

  it('a delivery the CRM refused can be retried by an editor, and then arrives', async () => {
    const receiver = await webhookReceiver();
    const lead = { ...LEAD, first_name: 'Refused', email: `refused.${Date.now()}@example.com` };
    receiver.script(lead.email, [400]);
    const res = await (await http()).post('/api/v1/contact-us').set('X-Forwarded-For', newClientIp()).send(lead);
    expect(res.status).toBe(201);
    await receiver.waitFor(lead.email, 1);
    const { page, base } = session;
    await page.goto(`${base}/admin`);
    const widget = page.getByTestId('leads-widget');
    await widget.waitFor();
    expect(await widget.getByTestId('leads-deliveries').textContent()).toMatch(/^[1-9]\d* failed deliver/);
    await widget.getByTestId('latest-lead').first().getByRole('link', { name: /Refused/ }).click();
    const webhook = page.getByTestId('lead-deliveries').getByTestId('delivery-webhook');
    await webhook.getByText('Failed').waitFor();
    expect(await webhook.textContent()).toContain('HTTP 400 Bad Request');
    await screenshot(page, '13-lead-delivery-failed');
    await webhook.getByRole('button', { name: 'Retry' }).click();
    await webhook.getByText('Delivered').waitFor({ timeout: 20_000 });
    expect(receiver.hooksFor(lead.email).map((hook) => hook.answered)).toEqual([400, 200]);
  });
});
