/**
 * The extsource admin page in a real browser against the built admin panel (dist/build, made by
 * `strapi build`, which `npm test` runs): log in, open "Property sync", test the feeds, run a sync.
 */
import path from 'path';
import { describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../helpers/app';
import { logInToAdmin, SCREENSHOT_DIR, useAdminBrowser } from '../helpers/browser';

const session = useAdminBrowser();

describe('Property sync admin page', () => {
  it('is reached from the main menu after logging in', async () => {
    await logInToAdmin(session.page, session.base, TEST_ADMIN);
    await session.page.getByRole('link', { name: 'Property sync' }).click();
    await session.page.getByRole('heading', { name: 'Property sync' }).waitFor();
    await session.page.getByText('Last 20 runs').waitFor();
    expect(await session.page.getByTestId('feed-listings').textContent()).toContain('sample');
  });

  it('tests both feeds', async () => {
    await session.page.getByRole('button', { name: 'Test' }).click();
    await session.page.getByTestId('feed-listings').getByText(/^Connected \(\d+ ms\)$/).waitFor();
    await session.page.getByTestId('feed-projects').getByText(/^Connected \(\d+ ms\)$/).waitFor();
  });

  it('runs a sync of sales and shows it in the runs table', async () => {
    const rowsBefore = await session.page.getByTestId('sync-run-row').count();
    await session.page.getByRole('button', { name: 'Sync sales' }).click();
    await session.page.waitForFunction((count) => document.querySelectorAll('[data-testid="sync-run-row"]').length > count, rowsBefore, { timeout: 15000 });
    const newest = session.page.getByTestId('sync-run-row').first();
    await newest.getByText('succeeded').waitFor({ timeout: 15000 });
    expect(await newest.textContent()).toContain('sales');
    expect(await session.page.getByRole('button', { name: 'Sync all' }).isEnabled()).toBe(true);
    expect(Number(await session.page.getByTestId('stat-sales').textContent())).toBeGreaterThan(0);
    await session.page.screenshot({ path: path.join(SCREENSHOT_DIR, 'property-sync.png'), fullPage: true });
  });
});
