/**
 * A lead sent through the public API, as the sales team sees it: in the leads list (newest first, the
 * useful columns, no "Create" for editors), in the Leads widget, in the CSV export, and how it reached
 * the sales inbox and the CRM (the lead's Deliveries panel, with Retry for a failed delivery).
 */
import fs from 'fs';
import path from 'path';
import { describe, expect, it } from 'vitest';
import { editorAccount, getStrapi, http, newClientIp, TEST_ADMIN, webhookReceiver } from '../helpers/app';
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
  it('is first in the leads list, with name, e-mail, enquiry type, project, campaign, desk and date', async () => {
    expect((await (await http()).post('/api/v1/contact-us').set('X-Forwarded-For', newClientIp()).send(LEAD)).status).toBe(201);
    const { page, base } = session;
    await logInToAdmin(page, base, await editorAccount());
    await page.goto(`${base}/admin/content-manager/collection-types/api::contact.contact`);
    await page.getByRole('button', { name: 'Export CSV' }).waitFor();
    const headers = (await page.locator('thead th').allTextContents()).map((text) => text.trim().toLowerCase()).filter(Boolean);
    expect(headers).toEqual(expect.arrayContaining(['e-mail', 'type', 'project', 'campaign', 'desk', 'received']));
    const firstRow = page.locator('tbody tr').first();
    await firstRow.getByText('Omar Farouk').waitFor();
    const cells = await firstRow.textContent();
    for (const text of [LEAD.email, 'general', 'default']) expect(cells).toContain(text);
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
    expect(csv.startsWith('id,created_at,first_name,last_name,email,mobile,method_of_contact,message,contact_type,language,consent,consent_text_version,consent_at,enquiry_type,project_id,project_name,listing_reference,listing_title,utm_source,utm_medium,utm_campaign,utm_term,utm_content,page_url,referrer,desk,crm_pipeline,repeat_of\r\n')).toBe(true);
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
    expect(await page.locator('input[name="email"]').inputValue()).toBe(LEAD.email);
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

  it('a project enquiry shows the editor the project, the campaign and the desk', async () => {
    const { page, base } = session;
    const card = (await (await http()).get('/api/v1/off-plan/projects?per_page=1')).body.data.properties.data[0] as { id: string; name: string };
    const enquiry = {
      first_name: 'Huda', last_name: 'Project', email: 'huda.project@example.com', mobile: '+971 50 765 9999',
      project_id: card.id, enquiry_type: 'viewing', source: { utm_source: 'google', utm_campaign: 'e2e-spring-launch' },
    };
    const res = await (await http()).post('/api/v1/contact-us').set('X-Forwarded-For', newClientIp()).send(enquiry);
    expect(res.status).toBe(201);
    await page.goto(`${base}/admin/content-manager/collection-types/api::contact.contact`);
    const row = page.locator('tbody tr').filter({ hasText: 'Huda' }).first();
    await row.waitFor();
    for (const text of [card.name, 'viewing', 'e2e-spring-launch', 'default']) expect(await row.textContent()).toContain(text);
    await row.getByText('Huda Project', { exact: true }).click();
    await page.getByLabel('Project', { exact: true }).waitFor();
    expect(await page.getByLabel('Project', { exact: true }).inputValue()).toBe(card.name);
    expect(await page.getByLabel('Campaign', { exact: true }).inputValue()).toBe('e2e-spring-launch');
    expect(await page.getByLabel('Desk', { exact: true }).inputValue()).toBe('default');
    expect(await page.getByText(/"page_url"/).count()).toBeGreaterThan(0);
    await screenshot(page, '10b-project-enquiry');
  });

  it('goes to the desk of a rule whose developer an administrator picked, never typed', async () => {
    const { browser, base } = session;
    const strapi = await getStrapi();
    const developer = (await (await http()).get('/api/v1/off-plan/projects/filters')).body.data.developers[0] as { id: number; name: string };
    const project = (await (await http()).get(`/api/v1/off-plan/projects?developer_id=${developer.id}&per_page=1`)).body.data.properties.data[0] as { id: string };
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await logInToAdmin(page, base, TEST_ADMIN);
      await page.goto(`${base}/admin/content-manager/collection-types/api::contact.lead-route/create`);
      await page.getByRole('textbox', { name: /^Rule name/ }).fill('Picked developer');
      await page.getByRole('textbox', { name: /^Desk\W*$/ }).fill('picked-developer');
      await page.getByRole('combobox', { name: 'Developer' }).pressSequentially(developer.name.slice(0, -2));
      await page.getByRole('option').filter({ has: page.getByText(developer.name, { exact: true }) }).first().click();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText(/Saved/).first().waitFor();
      const rule = await strapi.db.query('api::contact.lead-route').findOne({ where: { desk: 'picked-developer' } });
      expect(rule.developer).toBe(developer.name);

      const email = 'picked.developer@example.com';
      const enquiry = { first_name: 'Rana', last_name: 'Picked', email, mobile: '+971 50 765 8888', project_id: project.id, enquiry_type: 'project' };
      expect((await (await http()).post('/api/v1/contact-us').set('X-Forwarded-For', newClientIp()).send(enquiry)).status).toBe(201);
      expect((await strapi.db.query('api::contact.contact').findOne({ where: { email } })).desk).toBe('picked-developer');
      await strapi.documents('api::contact.lead-route').delete({ documentId: rule.documentId } as never);
    } catch (error) {
      await screenshot(page, 'failed-lead-route');
      throw error;
    } finally {
      await context.close();
    }
  });
});
