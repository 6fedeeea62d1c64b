/**
 * How many requests the fast lane answered, as the service's own metrics count them
 * (`http_requests_total{lane="fast"}`, scraped from `/metrics` with the metrics token): how tests prove a
 * request took the lane or did not, with nothing in the app kept for tests.
 */
import type { AddressInfo } from 'net';
import { getStrapi, METRICS_TOKEN } from './app';
import { scrapeAt } from './metrics';

const FAST_SERIES = /^http_requests_total\{[^}]*lane="fast"[^}]*\} (\d+)$/;

/** The fast lane's answers so far on the app at `port` (metrics on, behind `token`). */
export async function fastLaneAnswersAt(port: number, token = METRICS_TOKEN): Promise<number> {
  const lines = (await scrapeAt(port, token)).split('\n');
  return lines.reduce((sum, line) => sum + Number(FAST_SERIES.exec(line)?.[1] ?? 0), 0);
}

/** The same for the run's shared app. */
export async function fastLaneAnswers(): Promise<number> {
  return fastLaneAnswersAt(((await getStrapi()).server.httpServer.address() as AddressInfo).port);
}
