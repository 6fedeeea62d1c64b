/**
 * The Reelly projects driver is made for every detail read (detail-reads.ts) and makes its reader of the
 * feed only when it asks the feed itself: settings without the feed's address are still refused when it
 * is made, and a call that asks the feed goes through the reader.
 */
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/plugins/extsource/server/src/config';
import { reellyProjectsDriver } from '../../src/plugins/extsource/server/src/drivers/reelly-driver';

const policy = { ...defaultConfig.http, retries: 0 };
const defaults = { agent: defaultConfig.agent, currency: defaultConfig.currency, currencyRates: defaultConfig.currencyRates, developersTtlSeconds: 60 };

describe('the Reelly projects driver', () => {
  it('refuses settings without REELLY_BASE_URL when it is made', () => {
    expect(() => reellyProjectsDriver(defaultConfig.reelly, policy, defaults)).toThrow('Reelly: REELLY_BASE_URL is not set');
  });

  it("reads the feed through its reader when asked: a feed nobody serves fails the test with the request's name", async () => {
    const driver = reellyProjectsDriver({ ...defaultConfig.reelly, baseUrl: 'http://127.0.0.1:9' }, { ...policy, timeoutMs: 2000 }, defaults);
    await expect(driver.test()).rejects.toThrow(/Reelly projects offset 0/);
  });
});
