/**
 * An editor's first look at the admin: the home page opens on the Leads and Property sync widgets with
 * no guided tour, the Content Manager lists the site's parts by human names in site order (technical
 * types hidden), the Buyers list is titled so, and forms speak in labels and hints, not API names.
 */
import { describe, expect, it } from 'vitest';
import { editorAccount } from '../helpers/app';
import { logInToAdmin, screenshot, useAdminBrowser } from '../helpers/browser';

const session = useAdminBrowser();

describe('an editor logs in', () => {
  it('lands on a home page led by the Leads and Property sync widgets, with no guided tour or banner', async () => {
    const { page, base } = session;
    await page.goto(`${base}/admin/auth/login`);
    await screenshot(page, '01-login');
    await logInToAdmin(page, base, await editorAccount());
    await page.getByTestId('leads-widget').waitFor();
    await page.getByTestId('sync-widget').waitFor();
    const headings = await page.locator('main h2, main [role="heading"]').allTextContents();
    const widgetTitles = headings.map((text) => text.trim().toLowerCase()).filter(Boolean);
    expect(widgetTitles.indexOf('leads')).toBe(0);
    expect(widgetTitles.indexOf('property sync')).toBe(1);
    for (const prompt of ['Introducing the new Media Library', 'Deploy to Strapi Cloud', 'Create your schema', 'Copy an API token']) {
      expect(await page.getByText(prompt).count(), prompt).toBe(0);
    }
    await screenshot(page, '02-home');
  });

  it('finds the site in the Content Manager: the luxury page in page order, then the other pages, robots.txt, leads and buyers', async () => {
    const { page, base } = session;
    await page.goto(`${base}/admin/content-manager`);
    // It opens on the first part of the site.
    await page.getByLabel('Headline').waitFor();
    // The i18n plugin adds the locale to the URL, sooner or later.
    expect(page.url()).toMatch(/single-types\/api::luxury\.luxury-hero(\?plugins\[i18n\]\[locale\]=en)?$/);
    const menu = page.getByRole('navigation', { name: 'Content Manager' });
    const links = (await menu.getByRole('link').allTextContents()).map((text) => text.trim());
    expect(links).toEqual([
      'Luxury page · Testimonials',
      'Off-plan project SEO',
      'Off-plan developer pages',
      'Pages',
      'Leads (contact form)',
      'Lead routing rules',
      'Buyers',
      'Buyer favourites',
      'Buyer saved searches',
      'Luxury page · Hero',
      'Luxury page · Trusted since',
      'Luxury page · Advisors',
      'Luxury page · Communities',
      'Luxury page · Destination',
      'Luxury page · Experience',
      'Luxury page · Signature',
      'Luxury page · Call to action',
      'Luxury page · SEO',
      'Off-plan page',
      'Contact page',
      'robots.txt',
    ]);
    await screenshot(page, '03-content-manager');
  });

  it('opens the Buyers list under the title the menu gives it, in English and in Arabic', async () => {
    const { page, base } = session;
    const list = `${base}/admin/content-manager/collection-types/plugin::users-permissions.user`;
    await page.goto(list);
    await page.getByRole('heading', { name: 'Buyers', level: 1 }).waitFor();
    expect(await page.getByRole('heading', { name: 'User', exact: true }).count()).toBe(0);
    // The admin in Arabic, as an editor chooses it in their profile (kept in the browser).
    await page.evaluate(() => window.localStorage.setItem('strapi-admin-language', 'ar'));
    await page.goto(list);
    await page.getByRole('heading', { name: 'المشترون', level: 1 }).waitFor();
    await page.evaluate(() => window.localStorage.setItem('strapi-admin-language', 'en'));
  });

  it('edits a section through labelled fields with help under them', async () => {
    const { page, base } = session;
    await page.goto(`${base}/admin/content-manager`);
    await page.getByLabel('Headline').waitFor();
    await page.getByText('The large title on the first screen').waitFor();
    await page.getByText('Show on the website').waitFor();
    expect(await page.getByText('cta_button_1_text').count()).toBe(0);
    expect(await page.getByText('Set up preview').count()).toBe(0);
  });
});
