/** The "Export CSV" button in the Content Manager's contact list, in a real browser (built admin panel). */
import fs from 'fs';
import path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { http, newClientIp, TEST_ADMIN } from '../helpers/app';
import { logInToAdmin, openAdminBrowser, SCREENSHOT_DIR } from '../helpers/browser';

let browser: Browser;
let page: Page;
let base: string;

beforeAll(async () => {
  ({ browser, page, base } = await openAdminBrowser());
});

afterAll(async () => {
  await browser?.close();
});

describe('contact submissions in the Content Manager', () => {
  it('export as a CSV file from the list view', async () => {
    const lead = { first_name: 'Browser', last_name: 'Export', email: 'browser.export@example.com', mobile: '+971 50 765 4321' };
    expect((await (await http()).post('/api/v1/contact-us').set('X-Forwarded-For', newClientIp()).send(lead)).status).toBe(201);

    await logInToAdmin(page, base, TEST_ADMIN);
    await page.goto(`${base}/admin/content-manager/collection-types/api::contact.contact`);
    const button = page.getByRole('button', { name: 'Export CSV' });
    await button.waitFor();
    // Strapi's guided tour may open over the list for a new admin; a person would skip it.
    const skipTour = page.getByRole('button', { name: 'Skip' });
    if (await skipTour.isVisible()) await skipTour.click();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'contacts-list.png') });

    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = path.join(SCREENSHOT_DIR, download.suggestedFilename());
    await download.saveAs(file);
    const csv = fs.readFileSync(file, 'utf8');
    expect(csv.startsWith('id,created_at,first_name,last_name,email,mobile,method_of_contact,message,contact_type\r\n')).toBe(true);
    expect(csv).toContain('Browser,Export,browser.export@example.com');
  });

  it('is not shown on other content types', async () => {
    await page.goto(`${base}/admin/content-manager/collection-types/api::luxury.luxury-testimonial`);
    await page.getByRole('heading', { name: 'Luxury testimonial' }).waitFor();
    expect(await page.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);
  });
});
