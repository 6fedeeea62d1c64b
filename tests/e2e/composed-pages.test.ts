/**
 * A composed page built by an editor in the admin (issue 45, decision 168): a new landing page gets a
 * hero, an FAQ and a live projects section in the Sections zone; a projects query the listing refuses
 * stops the save with the listing's own message under that field; the saved draft opens in Strapi's
 * Preview at the page's website address; once published, GET /api/v1/pages/{slug} serves the three
 * sections, the projects one with the listing's own total for that query and as many cards as asked.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { editorAccount, getStrapi, http } from '../helpers/app';
import { logInToAdmin, screenshot, useAdminBrowser } from '../helpers/browser';

const session = useAdminBrowser();
const PAGE_UID = 'api::pages.page';
const SLUG = `e2e-launch-${Date.now()}`;
const GOOD_QUERY = 'state_id=DU&sort=price_asc';
const QUESTION = 'Is the deposit refundable?';

afterAll(async () => {
  const strapi = await getStrapi();
  const saved = await strapi.documents(PAGE_UID).findFirst({ filters: { slug: SLUG } } as never);
  if (saved) await strapi.documents(PAGE_UID).delete({ documentId: saved.documentId, locale: '*' } as never);
});

const escape = (text: string) => text.replace(/[()]/g, '\\$&');

/**
 * The admin scrolls inside its own pane, so a full-page screenshot holds one screen: the window grows to
 * the pane's height for the picture, then shrinks back.
 */
async function wholeEditorScreenshot(page: Page, name: string): Promise<void> {
  const viewport = page.viewportSize()!;
  const height = await page.evaluate(async () => {
    // Sections unfold with an animation: measure once they are at full height.
    await Promise.all(document.getAnimations().map((animation) => animation.finished));
    const panes = [...document.querySelectorAll('div')].filter((el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowY));
    panes.forEach((pane) => pane.scrollTo(0, 0));
    return Math.max(...panes.map((pane) => pane.scrollHeight + window.innerHeight - pane.clientHeight));
  });
  await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  await screenshot(page, name);
  await page.setViewportSize(viewport);
}

/** Adds a component to the Sections zone through its picker and returns the new section's block. */
async function addSection(page: Page, name: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Add a component to Sections' }).click();
  await page.getByRole('button', { name, exact: true }).click();
  return page.getByRole('listitem').filter({ has: page.getByRole('button', { name: new RegExp(`^${escape(name)}`) }) }).last();
}

describe('a composed page', () => {
  it('is built from sections in the admin, refused with a bad live query, previewed, and served once published', async () => {
    const { page, base } = session;
    await logInToAdmin(page, base, await editorAccount());
    await page.goto(`${base}/admin/content-manager/collection-types/${PAGE_UID}/create?plugins[i18n][locale]=en`);
    await page.getByLabel('Address name').waitFor();
    await page.getByLabel(/^Title/).first().fill('Launch week: new projects in Dubai');
    await page.getByLabel('Address name').fill(SLUG);
    await page.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'landing' }).click();

    const hero = await addSection(page, 'Hero');
    await hero.getByLabel('Heading').fill('Launch week in Dubai');

    const faq = await addSection(page, 'FAQ');
    await faq.getByLabel(/^Title/).fill('Before you reserve');
    await faq.getByRole('button', { name: 'No entry yet. Click to add one.' }).click();
    await faq.getByLabel('Question').fill(QUESTION);
    await faq.getByLabel('Answer').fill('Within the cooling-off period the developer sets, yes.');

    const projects = await addSection(page, 'Projects (live)');
    await projects.getByLabel(/^Title/).fill('Dubai launches, cheapest first');
    await projects.getByLabel('Number of cards').fill('3');
    const query = projects.getByLabel('Listing query');
    await query.fill('state_id=XX');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // The server's refusal lands on the field itself (path sections.2.query), not only in a notification.
    await projects.getByText(/^state_id: /).waitFor();
    expect(await query.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'pages-editor-refused');
    expect(await (await getStrapi()).documents(PAGE_UID).findFirst({ filters: { slug: SLUG } } as never)).toBeNull();

    await query.fill(GOOD_QUERY);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved document').waitFor();
    // Saving reloads the entry with its sections folded: unfold them for the guide's picture, once the toasts are gone.
    await page.getByText('Saved document').waitFor({ state: 'hidden', timeout: 20_000 });
    await page.getByText(/^state_id: /).first().waitFor({ state: 'hidden', timeout: 20_000 });
    for (const [section, name] of [[hero, 'Hero'], [faq, 'FAQ'], [projects, 'Projects (live)']] as const) {
      await section.getByRole('button', { name: new RegExp(`^${escape(name)} - `) }).click();
    }
    await faq.getByRole('button', { name: QUESTION }).click();
    await wholeEditorScreenshot(page, 'pages-editor');
    expect((await (await http()).get(`/api/v1/pages/${SLUG}`)).status).toBe(404);

    const editView = page.url();
    await page.getByText('Open preview').click();
    const frame = page.locator('iframe');
    await frame.waitFor();
    const framed = new URL((await frame.getAttribute('src'))!);
    expect(framed.pathname).toBe('/api/preview');
    expect(Object.fromEntries(framed.searchParams)).toMatchObject({ url: `/campaigns/${SLUG}`, status: 'draft', locale: 'en' });
    // The run's stand-in website has no campaign pages, so read the draft as the website would, with the frame's token.
    const previewed = await (await http()).get(`/api/v1/pages/${SLUG}`).query({ status: 'draft', preview: framed.searchParams.get('token') });
    expect(previewed.status).toBe(200);
    expect(previewed.body.data.sections.map((section: { type: string }) => section.type)).toEqual(['hero', 'faq', 'projects']);
    await page.goto(editView);

    // Not /Published/: the edit view's "Published" tab would match before the publish is done.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Published document').waitFor();

    const res = await (await http()).get(`/api/v1/pages/${SLUG}`);
    expect(res.status).toBe(200);
    const sections = res.body.data.sections as Array<Record<string, any>>;
    expect(sections.map((section) => section.type)).toEqual(['hero', 'faq', 'projects']);
    const listing = await (await http()).get('/api/v1/off-plan/projects?sort=price_asc&state_id=DU');
    expect(listing.status).toBe(200);
    expect(sections[2].total).toBe(listing.body.data.properties.total);
    // More projects match than the three cards asked for, so the count is the editor's limit at work.
    expect(sections[2].total).toBeGreaterThan(3);
    expect(sections[2].items).toHaveLength(3);
  });
});
