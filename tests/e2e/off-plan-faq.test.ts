/** The off-plan page's FAQ, edited as components (no JSON), published, and served in the listing's faq.items. */
import { afterAll, describe, expect, it } from 'vitest';
import { editorAccount, getStrapi, http } from '../helpers/app';
import { logInToAdmin, screenshot, useAdminBrowser } from '../helpers/browser';

const session = useAdminBrowser();
const QUESTION = 'Can I pay the deposit in US dollars?';

async function faqQuestions(): Promise<string[]> {
  const res = await (await http()).get('/api/v1/off-plan/projects');
  expect(res.status).toBe(200);
  return res.body.data.faq.items.map((item: { question: string }) => item.question);
}

afterAll(async () => {
  const strapi = await getStrapi();
  const page = await strapi.documents('api::off-plan.off-plan-page').findFirst({ populate: { faq_items: true } });
  const items = (page!.faq_items ?? []).filter((item) => item.question !== QUESTION).map(({ question, answer }) => ({ question: question ?? '', answer: answer ?? '' }));
  await strapi.documents('api::off-plan.off-plan-page').update({ documentId: page!.documentId, data: { faq_items: items }, status: 'published' });
});

describe('the off-plan FAQ', () => {
  it('gets a new question, live in the listing once published', async () => {
    const { page, base } = session;
    await logInToAdmin(page, base, await editorAccount());
    await page.goto(`${base}/admin/content-manager/single-types/api::off-plan.off-plan-page`);
    await page.getByText('FAQ: questions').waitFor();
    expect(await faqQuestions()).not.toContain(QUESTION);

    const faqField = page
      .locator('div')
      .filter({ has: page.locator('label', { hasText: 'FAQ: questions' }) })
      .filter({ has: page.getByRole('button', { name: 'Add an entry' }) })
      .last();
    await faqField.getByRole('button', { name: 'Add an entry' }).click();
    await page.getByLabel('Question').fill(QUESTION);
    await page.getByLabel('Answer').fill('Yes: developers accept major currencies at the day’s rate, and the escrow account is in dirhams.');
    await screenshot(page, '09-offplan-faq');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText(/Published/).first().waitFor();
    await expect.poll(faqQuestions).toContain(QUESTION);
  });
});
