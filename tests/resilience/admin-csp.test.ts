/**
 * The admin panel under the production Content-Security-Policy (a child app with NODE_ENV=production;
 * in development and test Strapi widens the admin's CSP for Vite): log in, open the main screens, show an
 * uploaded image, in Chromium, and see no CSP violation.
 */
import path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { productionEnvironment, sqliteFile, startAppProcess, type AppProcess } from '../helpers/app-process';
import { launchChromium, logInToAdmin, SCREENSHOT_DIR } from '../helpers/browser';
import { recordFigures } from './figures';

const ADMIN = { email: 'csp-admin@test.local', password: 'Csp-Admin-Passw0rd' };
/** A 1x1 PNG. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const database = sqliteFile();
let app: AppProcess;
let browser: Browser;
let page: Page;
let base = '';
const violations: string[] = [];

beforeAll(async () => {
  app = await startAppProcess(productionEnvironment(database.env, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: 'true' }));
  base = `http://127.0.0.1:${app.port}`;
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (/CSP violation/.test(message.text())) violations.push(message.text());
  });
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  database.remove();
});

async function uploadImage(): Promise<string> {
  const login = await fetch(`${base}/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  const { data } = (await login.json()) as { data: { token: string } };
  const form = new FormData();
  form.append('files', new Blob([PIXEL], { type: 'image/png' }), 'pixel.png');
  const res = await fetch(`${base}/upload`, { method: 'POST', headers: { authorization: `Bearer ${data.token}` }, body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as Array<{ name: string }>)[0].name;
}

describe('the admin panel under the production CSP', () => {
  it('works with no CSP violation', async () => {
    const csp = (await fetch(`${base}/admin`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/https:|\*/);

    const image = await uploadImage();
    await logInToAdmin(page, base, ADMIN);
    const screens: Array<[string, (page: Page) => Promise<unknown>]> = [
      ['/admin/content-manager/collection-types/api::contact.contact', (p) => p.getByRole('heading', { name: 'Leads (contact form)' }).waitFor()],
      ['/admin/content-manager/single-types/api::luxury.luxury-hero', (p) => p.getByText('Background image').first().waitFor()],
      ['/admin/plugins/upload', (p) => p.getByText(image).first().waitFor()],
      ['/admin/plugins/extsource', (p) => p.getByRole('heading', { name: 'Property sync' }).waitFor()],
      ['/admin/settings', (p) => p.getByRole('heading', { name: /overview|settings/i }).first().waitFor()],
    ];
    for (const [url, ready] of screens) {
      await page.goto(`${base}${url}`);
      await ready(page).catch(async (error: Error) => {
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-production-csp-failed.png') });
        throw new Error(`${url}: ${error.message}; CSP violations: ${JSON.stringify(violations)}`);
      });
    }
    const thumbnail = page.locator(`img[src*="${path.parse(image).name}"]`).first();
    await page.goto(`${base}/admin/plugins/upload`);
    await thumbnail.waitFor();
    expect(await thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-production-csp.png') });

    // A library's probe for eval() (caught by itself) is blocked as meant: the admin needs no eval.
    const unexpected = violations.filter((violation) => violation !== 'CSP violation: script-src eval');
    recordFigures('admin under the production CSP', { screens: screens.length, csp_violations: unexpected.length, blocked_eval_probes: violations.length - unexpected.length });
    expect(unexpected).toEqual([]);
  });
});
