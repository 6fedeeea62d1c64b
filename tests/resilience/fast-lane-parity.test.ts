/**
 * Red team: the fast lane and the full path must give one answer per URL (decision 81). Many more random
 * query strings than the integration test (RESILIENCE_FUZZ_RUNS scales them), on every v1 route the lane
 * serves; the first disagreement fails the run with the URL that shows it.
 */
import { describe, expect, it } from 'vitest';
import { getStrapi } from '../helpers/app';
import { assertLaneParity } from '../helpers/lane-parity';
import { recordFigures } from './figures';

const RUNS = Number(process.env.RESILIENCE_FUZZ_RUNS || 800) * 2;

describe('fast lane against the full path', () => {
  it('answers every random query string on every lane route as the full path does', async () => {
    const seed = Date.now() % 2 ** 31;
    const figures = await assertLaneParity(await getStrapi(), RUNS, seed);
    recordFigures('fast lane parity', { ...figures, disagreements: 0, seed });
    expect(figures.answered_by_lane).toBeGreaterThan(figures.requests / 5);
  });
});
