/**
 * A buyer signs up and comes back through the e-mails (issue 33): registers, opens the confirmation
 * link from the real SMTP sink in Chromium (the stand-in website's page hands the code to the service,
 * whose redirect lands on the website's "confirmed" page), signs in, favourites a project and sees it
 * flagged on the listing; then forgets the password, opens the reset link, sets a new one in the page's
 * form, and only the new password signs in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { http, newClientIp, previewSite } from '../helpers/app';
import { launchChromium, screenshot } from '../helpers/browser';
import { mailedLink } from '../helpers/smtp';

const EMAIL = `e2e.buyer.${Date.now()}@example.com`;
const PASSWORD = 'Saadiyat-Beach-Villa-8';
const NEW_PASSWORD = 'Yas-Island-Marina-View-3';

let browser: Browser;
let page: Page;
let site: string;
beforeAll(async () => {
  site = (await previewSite()).url;
  browser = await launchChromium();
  page = await browser.newPage();
});
afterAll(async () => {
  await browser?.close();
});

const post = async (url: string, body: object, auth?: string) => {
  const request = (await http()).post(url).set('X-Forwarded-For', newClientIp());
  return (auth ? request.set('Authorization', auth) : request).send(body);
};
const signIn = (password: string) => post('/api/auth/local', { identifier: EMAIL, password });

describe('a buyer signs up and in through the e-mails', () => {
  it('confirms the address from the mailed link, signs in and sees a favourite flagged on the listing', async () => {
    const registered = await post('/api/auth/local/register', { email: EMAIL, password: PASSWORD });
    expect(registered.status).toBe(200);
    expect((await signIn(PASSWORD)).body.error.message).toBe('Your account email is not confirmed');

    const { url } = await mailedLink(EMAIL, 'confirmation');
    expect(url.origin).toBe(site);
    await page.goto(url.href);
    await page.getByTestId('account-confirmed').waitFor();
    expect(page.url()).toBe(`${site}/account/confirmed`);
    await screenshot(page, 'buyer-account-confirmed');

    const session = await signIn(PASSWORD);
    expect(session.status).toBe(200);
    const auth = `Bearer ${session.body.jwt}`;
    const listing = async () => (await (await http()).get('/api/v1/off-plan/projects?per_page=10').set('Authorization', auth)).body.data.properties.data as Array<{ id: string; is_favorited: boolean }>;
    const projectId = String((await listing())[1].id);
    expect((await (await http()).put(`/api/v1/me/favorites/${projectId}`).set('Authorization', auth)).status).toBe(200);
    const cards = await listing();
    expect(cards.filter((card) => card.is_favorited).map((card) => String(card.id))).toEqual([projectId]);
  });

  it('resets a forgotten password from the mailed link: the new one signs in, the old one no longer', async () => {
    expect((await post('/api/auth/forgot-password', { email: EMAIL })).status).toBe(200);
    const { url } = await mailedLink(EMAIL, 'code');
    expect(`${url.origin}${url.pathname}`).toBe(`${site}/account/reset-password`);
    await page.goto(url.href);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set my password' }).click();
    await page.getByTestId('password-changed').waitFor();
    await screenshot(page, 'buyer-account-password-changed');

    expect((await signIn(NEW_PASSWORD)).status).toBe(200);
    const old = await signIn(PASSWORD);
    expect(old.status).toBe(400);
    expect(old.body.error.message).toBe('Invalid identifier or password');

    // The link works once.
    await page.goto(url.href);
    await page.getByLabel('New password', { exact: true }).fill('Another-Fresh-Passw0rd');
    await page.getByLabel('Repeat the new password').fill('Another-Fresh-Passw0rd');
    await page.getByRole('button', { name: 'Set my password' }).click();
    await expect(page.getByTestId('reset-refused').textContent()).resolves.toBe('Incorrect code provided');
  });
});
