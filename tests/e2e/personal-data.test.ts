/**
 * An erasure request answered in the admin (decisions 63-65): the super admin opens Personal data, finds
 * the person by their phone number written another way, downloads what is held on them, and erases them;
 * the leads then hold nothing of the person, and the audit lists both actions.
 */
import fs from 'fs';
import path from 'path';
import { describe, expect, it } from 'vitest';
import { getStrapi, http, newClientIp, TEST_ADMIN } from '../helpers/app';
import { logInToAdmin, SCREENSHOT_DIR, screenshot, useAdminBrowser } from '../helpers/browser';

const session = useAdminBrowser();
const PERSON = { first_name: 'Layla', last_name: 'Mansour', email: 'layla.mansour@example.com', mobile: '+971 55 246 8013' };

async function submitLead(message: string): Promise<number> {
  const res = await (await http()).post('/api/v1/contact-us').set('X-Forwarded-For', newClientIp()).send({ ...PERSON, message, consent: true, consent_text_version: 'privacy-v3' });
  expect(res.status).toBe(201);
  return res.body.data.id as number;
}

describe("a person's erasure request", () => {
  it('is answered from the Personal data page: found by phone, exported, erased, audited', async () => {
    const ids = [await submitLead('A villa in Arabian Ranches, please.'), await submitLead('Also a flat in Dubai Marina.')];
    const { page, base } = session;
    await logInToAdmin(page, base, TEST_ADMIN);
    await page.getByRole('link', { name: 'Personal data' }).click();
    await page.getByLabel('E-mail or phone').fill('00971552468013');
    await page.getByRole('button', { name: 'Find' }).click();
    const found = page.getByTestId('person-found');
    await found.getByText('2 leads found').waitFor();
    for (const id of ids) await found.getByText(`Lead #${id}`, { exact: false }).waitFor();
    await screenshot(page, '17-personal-data');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download their data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = path.join(SCREENSHOT_DIR, download.suggestedFilename());
    await download.saveAs(file);
    const bundle = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(bundle.leads.map((lead: { id: number }) => lead.id)).toEqual(ids);
    expect(bundle.leads[0]).toMatchObject({ email: PERSON.email, message: 'A villa in Arabian Ranches, please.', consent: { given: true, text_version: 'privacy-v3' } });
    fs.rmSync(file);

    await page.getByRole('button', { name: 'Erase this person' }).click();
    await page.getByRole('alertdialog').getByText('cannot be undone', { exact: false }).waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Erase' }).click();
    await page.getByText('2 leads anonymised', { exact: false }).waitFor();

    const strapi = await getStrapi();
    for (const id of ids) {
      const lead = await strapi.db.query('api::contact.contact').findOne({ where: { id } });
      expect(lead).toMatchObject({ first_name: 'Erased', email: 'erased@invalid', message: null });
    }
    const audit = page.getByTestId('audit');
    await audit.getByText('A person erased', { exact: false }).first().waitFor();
    await audit.getByText("A person's data exported", { exact: false }).first().waitFor();
    await screenshot(page, '18-personal-data-erased');
  });
});
