/**
 * The extsource admin page in a real browser against the built admin panel (dist/build, made by
 * `strapi build`, which `npm test` runs): log in, open "Property sync", test the feeds, run a sync.
 */
import path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { TEST_ADMIN } from '../helpers/app';
import { logInToAdmin, openAdminBrowser, SCREENSHOT_DIR } from '../helpers/browser';

let browser: Browser;
let page: Page;
let base: string;

beforeAll(async () => {
  ({ browser, page, base } = await openAdminBrowser());
});

afterAll(async () => {
  await browser?.close();
});

describe('Property sync admin page', () => {
  it('is reached from the main menu after logging in', async () => {
    await logInToAdmin(page, base, TEST_ADMIN);
    await page.getByRole('link', { name: 'Property sync' }).click();
    await expect(page.getByRole('heading', { name: 'Property sync' })).toBeTruthy();
    await page.getByText('Last 20 runs').waitFor();
    expect(await page.getByTestId('feed-listings').textContent()).toContain('sample');
  });

  it('tests both feeds', async () => {
    await page.getByRole('button', { name: 'Test' }).click();
    await page.getByTestId('feed-listings').getByText(/^Connected \(\d+ ms\)$/).waitFor();
    await page.getByTestId('feed-projects').getByText(/^Connected \(\d+ ms\)$/).waitFor();
  });

  it('runs a sync of sales and shows it in the runs table', async () => {
    const rowsBefore = await page.getByTestId('sync-run-row').count();
    await page.getByRole('button', { name: 'Sync sales' }).click();
    await page.waitForFunction((count) => document.querySelectorAll('[data-testid="sync-run-row"]').length > count, rowsBefore, { timeout: 15000 });
    const newest = page.getByTestId('sync-run-row').first();
    await newest.getByText('succeeded').waitFor({ timeout: 15000 });
    expect(await newest.textContent()).toContain('sales');
    expect(await page.getByRole('button', { name: 'Sync all' }).isEnabled()).toBe(true);
    expect(Number(await page.getByTestId('stat-sales').textContent())).toBeGreaterThan(0);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'property-sync.png'), fullPage: true });
  });
});
