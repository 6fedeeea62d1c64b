/**
 * An editor translates the hero into Arabic in the browser and publishes it: the Arabic site
 * (`?locale=ar`) shows the new headline, and the English site does not change (decisions 53-55).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { editorAccount, getStrapi, http } from '../helpers/app';
import { logInToAdmin, screenshot, useAdminBrowser } from '../helpers/browser';

const session = useAdminBrowser();
const HERO = 'api::luxury.luxury-hero';
const ARABIC_HEADLINE = 'بيوت استثنائية على الواجهة البحرية';

async function luxury(query = '') {
  const res = await (await http()).get(`/api/v1/luxury${query}`);
  expect(res.status).toBe(200);
  return res;
}

let seededArabicTitle: string | undefined;

afterAll(async () => {
  const strapi = await getStrapi();
  const hero = await strapi.documents(HERO).findFirst({ locale: 'ar' });
  if (hero && seededArabicTitle !== undefined) {
    await strapi.documents(HERO).update({ documentId: hero.documentId, locale: 'ar', data: { title: seededArabicTitle }, status: 'published' });
  }
});

describe('the hero, translated into Arabic', () => {
  it('is published in Arabic by an editor: the Arabic site shows it, the English site stays as it was', async () => {
    const { page, base } = session;
    const strapi = await getStrapi();
    seededArabicTitle = (await strapi.documents(HERO).findFirst({ locale: 'ar' }))?.title ?? undefined;
    const english = await luxury();

    await logInToAdmin(page, base, await editorAccount());
    await page.goto(`${base}/admin/content-manager/single-types/${HERO}?plugins[i18n][locale]=ar`);
    await page.getByLabel('Headline').waitFor();
    await page.getByLabel('Headline').fill(ARABIC_HEADLINE);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText(/Published/).first().waitFor();
    await screenshot(page, '14-hero-arabic');

    const arabic = await luxury('?locale=ar');
    expect(arabic.body.data.hero.title).toBe(ARABIC_HEADLINE);
    expect(arabic.headers['content-language']).toBe('ar');
    const englishAfter = await luxury();
    expect(englishAfter.text).toBe(english.text);
    expect(englishAfter.headers.etag).toBe(english.headers.etag);
  });
});
