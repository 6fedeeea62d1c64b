/**
 * An editor sees a change before it goes live, then launches it on schedule (decisions 60-62): the hero
 * title changed and saved as a draft shows in Strapi's Preview panel (the stand-in website enters its
 * preview mode with the shared secret and reads the draft with an API token) while the public answer
 * keeps the published title; the publication scheduled a minute ahead then changes the public answer.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { editorAccount, getStrapi, http } from '../helpers/app';
import { logInToAdmin, screenshot, useAdminBrowser } from '../helpers/browser';
import { eventually } from '../helpers/eventually';

const session = useAdminBrowser();
const HERO = 'api::luxury.luxury-hero';
const LAUNCH_TITLE = 'The Winter Collection, Live at Nine';

const publicTitle = async () => {
  const res = await (await http()).get('/api/v1/luxury');
  expect(res.status).toBe(200);
  return res.body.data.hero.title as string;
};

let publishedTitle: string;

afterAll(async () => {
  const strapi = await getStrapi();
  const hero = await strapi.documents(HERO).findFirst({ locale: 'en' });
  if (hero && publishedTitle) await strapi.documents(HERO).update({ documentId: hero.documentId, locale: 'en', data: { title: publishedTitle }, status: 'published' });
});

describe('the hero, previewed and then launched on schedule', () => {
  it('shows the draft in the preview frame only, then goes live at the scheduled time', async () => {
    const { page, base } = session;
    publishedTitle = await publicTitle();
    const editView = `${base}/admin/content-manager/single-types/${HERO}?plugins[i18n][locale]=en`;

    await logInToAdmin(page, base, await editorAccount());
    await page.goto(editView);
    await page.getByLabel('Headline').waitFor();
    await page.getByLabel('Headline').fill(LAUNCH_TITLE);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(/Saved/).first().waitFor();

    await page.getByText('Open preview').click();
    await page.frameLocator('iframe').getByTestId('hero-title').filter({ hasText: LAUNCH_TITLE }).waitFor();
    await page.frameLocator('iframe').getByTestId('preview-banner').waitFor();
    await screenshot(page, '15-preview');
    expect(await publicTitle()).toBe(publishedTitle);

    await page.goto(editView);
    const schedule = page.getByTestId('publication-schedule');
    await schedule.getByText('Nothing scheduled in this language.').waitFor();
    const launchAt = Date.now() + 60_000;
    // The field takes the editor's local time, as the browser writes it.
    const local = await page.evaluate((ms) => {
      const at = new Date(ms);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
    }, launchAt);
    await schedule.getByLabel('Date and time').fill(local);
    await schedule.getByRole('button', { name: 'Schedule publish' }).click();
    await schedule.getByText('Scheduled', { exact: true }).waitFor();
    await screenshot(page, '16-schedule');
    expect(await publicTitle()).toBe(publishedTitle);

    await eventually(async () => expect(await publicTitle()).toBe(LAUNCH_TITLE), { timeoutMs: 80_000, intervalMs: 250 });
    // Launched on time: not before the second it was set for (the field has no milliseconds), and soon after.
    expect(Date.now()).toBeGreaterThanOrEqual(Math.floor(launchAt / 1000) * 1000);
    expect(Date.now() - launchAt).toBeLessThan(10_000);
  }, 150_000);
});
