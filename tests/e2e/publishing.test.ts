/**
 * Drafts before publishing, as an editor does it in the browser, and what the public API serves after
 * each step: the hero saved as a draft (nothing changes), published (the site shows it); a section
 * switched off (its key becomes null); a testimonial refused with rating 6, then published with
 * rating 5 and display order 1 (first on the site).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { editorAccount, getStrapi, http } from '../helpers/app';
import { logInToAdmin, screenshot, useAdminBrowser } from '../helpers/browser';

const session = useAdminBrowser();
const DEMO_TITLE = 'Extraordinary Homes in the Heart of Dubai';

async function luxury() {
  const res = await (await http()).get('/api/v1/luxury');
  expect(res.status).toBe(200);
  return res.body.data;
}

async function openEntry(page: Page, base: string, path: string, field: string) {
  await page.goto(`${base}/admin/content-manager/${path}`);
  await page.getByLabel(field).waitFor();
}

/** Clicks Save or Publish and waits for Strapi's confirmation. */
async function press(page: Page, button: 'Save' | 'Publish', confirmation: RegExp) {
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.getByText(confirmation).first().waitFor();
}

afterAll(async () => {
  const strapi = await getStrapi();
  for (const uid of ['api::luxury.luxury-hero', 'api::luxury.luxury-signature'] as const) {
    const section = await strapi.documents(uid).findFirst();
    await strapi.documents(uid).update({ documentId: section!.documentId, data: uid.endsWith('hero') ? { title: DEMO_TITLE } : { is_active: true }, status: 'published' });
  }
});

describe('the hero, from draft to published', () => {
  it('saving a draft changes nothing on the site', async () => {
    const { page, base } = session;
    await logInToAdmin(page, base, await editorAccount());
    await openEntry(page, base, 'single-types/api::luxury.luxury-hero', 'Headline');
    await page.getByLabel('Headline').fill('Waterfront Living, Redefined');
    await press(page, 'Save', /Saved/);
    await page.getByText('Modified').first().waitFor();
    await screenshot(page, '04-hero-draft');
    expect((await luxury()).hero.title).toBe(DEMO_TITLE);
  });

  it('publishing shows it on the next request', async () => {
    const { page } = session;
    await press(page, 'Publish', /Published/);
    expect((await luxury()).hero.title).toBe('Waterfront Living, Redefined');
    await screenshot(page, '05-hero-published');
  });
});

describe('switching a section off', () => {
  it('hides it from the site once published (its key becomes null)', async () => {
    const { page, base } = session;
    await openEntry(page, base, 'single-types/api::luxury.luxury-signature', 'Link text');
    expect((await luxury()).signature).not.toBeNull();
    await page.getByRole('checkbox', { name: 'Show on the website' }).uncheck();
    await press(page, 'Publish', /Published/);
    const data = await luxury();
    expect(data.signature).toBeNull();
    expect(Object.keys(data)).toContain('signature');
    await screenshot(page, '06-section-off');
  });
});

describe('a new testimonial', () => {
  it('is refused with a rating of 6, and shown first once published with 5 and display order 1', async () => {
    const { page, base } = session;
    await page.goto(`${base}/admin/content-manager/collection-types/api::luxury.luxury-testimonial`);
    await page.getByRole('link', { name: /Create new entry/ }).first().click();
    await page.getByLabel("Reviewer's name").fill('Layla Haddad');
    await page.getByLabel("Reviewer's location").fill('Beirut, Lebanon');
    await page.getByLabel('Headline').fill('They found us a home in a week');
    await page.getByLabel(/^Review\W*$/).fill('From the first call to the keys, everything was clear and quick.');
    await page.getByLabel(/^Rating\W*$/).fill('6');
    await page.getByLabel('Display order').fill('1');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('The value is too high (max: 5).').waitFor();
    await screenshot(page, '07-testimonial-rating-refused');
    const names = (await luxury()).testimonials.map((item: { reviewer_name: string }) => item.reviewer_name);
    expect(names).not.toContain('Layla Haddad');

    await page.getByLabel(/^Rating\W*$/).fill('5');
    await press(page, 'Publish', /Published/);
    const first = (await luxury()).testimonials[0];
    expect(first).toMatchObject({ reviewer_name: 'Layla Haddad', rating: 5, order: 1, location: 'Beirut, Lebanon' });

    await page.goto(`${base}/admin/content-manager/collection-types/api::luxury.luxury-testimonial`);
    await page.getByText('Layla Haddad').first().waitFor();
    const rows = await page.locator('tbody tr').allTextContents();
    expect(rows[0]).toContain('Layla Haddad');
    await screenshot(page, '08-testimonials-list');
  });
});
