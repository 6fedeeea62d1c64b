/** Debian's Chromium driven by playwright-core (never a downloaded browser), headless and offline. */
import fs from 'fs';
import path from 'path';
import type { AddressInfo } from 'net';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { getStrapi } from './app';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** Screenshots and downloads of the browser tests (git-ignored). */
export const SCREENSHOT_DIR = path.resolve(__dirname, '..', '..', '.tmp', 'screenshots');

export async function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

const ADMIN_BUILD = path.resolve(__dirname, '..', '..', 'dist', 'build', 'index.html');

export interface AdminBrowser {
  browser: Browser;
  page: Page;
  base: string;
}

/** A browser page and the running app's address, for tests of the built admin panel. */
async function openAdminBrowser(): Promise<AdminBrowser> {
  if (!fs.existsSync(ADMIN_BUILD)) throw new Error('The admin panel is not built: run `npx strapi build` (npm run test:e2e does) before this test');
  const strapi = await getStrapi();
  const base = `http://127.0.0.1:${(strapi.server.httpServer.address() as AddressInfo).port}`;
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 }, acceptDownloads: true });
  return { browser, page, base };
}

/** Logs in through the admin panel's own login form. */
export async function logInToAdmin(page: Page, base: string, credentials: { email: string; password: string }): Promise<void> {
  await page.goto(`${base}/admin/auth/login`);
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('link', { name: 'Content Manager' }).waitFor();
}

/** A full-page screenshot of the current screen, named for the guide (docs/editors.md). */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * Opens the browser before the file's tests and closes it after them; fields are set once beforeAll ran.
 * A failed test leaves the screen it failed on in SCREENSHOT_DIR (`failed-<test>.png`).
 */
export function useAdminBrowser(): AdminBrowser {
  const session = {} as AdminBrowser;
  beforeAll(async () => {
    Object.assign(session, await openAdminBrowser());
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && session.page) await screenshot(session.page, `failed-${task.name.replace(/\W+/g, '-').slice(0, 80)}`);
  });
  afterAll(async () => {
    await session.browser?.close();
  });
  return session;
}
