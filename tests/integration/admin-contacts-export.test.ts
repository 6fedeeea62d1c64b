/** The "Export CSV" button in the Content Manager's contact list, in a real browser (built admin panel). */
import fs from 'fs';
import path from 'path';
import { describe, expect, it } from 'vitest';
import { http, newClientIp, TEST_ADMIN } from '../helpers/app';
import { logInToAdmin, SCREENSHOT_DIR, useAdminBrowser } from '../helpers/browser';

const session = useAdminBrowser();

describe('contact submissions in the Content Manager', () => {
  it('export as a CSV file from the list view', async () => {
    const lead = { first_name: 'Browser', last_name: 'Export', email: 'browser.export@example.com', mobile: '+971 50 765 4321' };
    expect((await (await http()).post('/api/v1/contact-us').set('X-Forwarded-For', newClientIp()).send(lead)).status).toBe(201);

    await logInToAdmin(session.page, session.base, TEST_ADMIN);
    await session.page.goto(`${session.base}/admin/content-manager/collection-types/api::contact.contact`);
    const button = session.page.getByRole('button', { name: 'Export CSV' });
    await button.waitFor();
    // Strapi's guided tour may open over the list for a new admin; a person would skip it.
    const skipTour = session.page.getByRole('button', { name: 'Skip' });
    if (await skipTour.isVisible()) await skipTour.click();
    await session.page.screenshot({ path: path.join(SCREENSHOT_DIR, 'contacts-list.png') });

    const [download] = await Promise.all([session.page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = path.join(SCREENSHOT_DIR, download.suggestedFilename());
    await download.saveAs(file);
    const csv = fs.readFileSync(file, 'utf8');
    expect(csv.startsWith('id,created_at,first_name,last_name,email,mobile,method_of_contact,message,contact_type\r\n')).toBe(true);
    expect(csv).toContain('Browser,Export,browser.export@example.com');
  });

  it('is not shown on other content types', async () => {
    await session.page.goto(`${session.base}/admin/content-manager/collection-types/api::luxury.luxury-testimonial`);
    await session.page.getByRole('heading', { name: 'Luxury testimonial' }).waitFor();
    expect(await session.page.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);
  });
});
