/**
 * HTTP for the provider drivers: a timeout per request, retries with exponential backoff and full
 * jitter on network errors, 5xx and 429 (waiting as long as Retry-After asks, within a cap), and no
 * retry on other 4xx. Errors name the feed and path, never the query string or headers, which carry
 * credentials.
 */
import axios, { type AxiosInstance, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import type { Readable } from 'stream';
import { setTimeout as sleep } from 'timers/promises';
import { errorMessage } from '../errors';
import { ProviderError } from './provider-error';

export interface RetryPolicy {
  timeoutMs: number;
  retries: number;
  backoffMs: number;
  maxDelayMs: number;
}

/** A size cap on one answer: the download stops (and the request fails) once `bytes` are exceeded. */
export interface ByteCap {
  bytes: number;
  /** What the error says after the request's name (which cap, and why). */
  message: string;
}

/** Told of each attempt at a provider request (the host's metrics): a bounded outcome, and the seconds it took. */
export type AttemptObserver = (outcome: string, seconds: number) => void;

/** A driver's observer of its requests: `endpoint` is a bounded name (a method or a path pattern, no ids). */
export type RequestObserver = (endpoint: string, outcome: string, seconds: number) => void;

/** Seconds or an HTTP date, as milliseconds from now; undefined when absent or unreadable. */
export function retryAfterMs(header: unknown, now = Date.now()): number | undefined {
  if (typeof header !== 'string' || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function backoffMs(attempt: number, policy: RetryPolicy, random = Math.random): number {
  return Math.floor(random() * Math.min(policy.maxDelayMs, policy.backoffMs * 2 ** attempt));
}

function isRetryable(status: number | undefined): boolean {
  return status === undefined || status === 429 || status >= 500;
}

/** Axios reports an answer over `maxContentLength` with this message, and no response. */
const isOverCap = (error: unknown) => axios.isAxiosError(error) && !error.response && /maxContentLength size of \d+ exceeded/.test(error.message);

/** An attempt's outcome as a metric label: a handful of values, never a message. */
function outcomeOf(error: unknown, cap?: ByteCap): string {
  if (cap && isOverCap(error)) return 'too_large';
  if (!axios.isAxiosError(error)) return 'error';
  const status = error.response?.status;
  if (status !== undefined) return status >= 500 ? 'http_5xx' : status === 429 ? 'http_429' : 'http_4xx';
  return error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT' ? 'timeout' : 'network';
}

function describe(error: unknown, what: string, cap?: ByteCap): ProviderError {
  if (cap && isOverCap(error)) return new ProviderError(`${what}: ${cap.message}`);
  if (axios.isAxiosError(error)) {
    if (error.response) return new ProviderError(`${what}: HTTP ${error.response.status}`, error.response.status);
    if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') return new ProviderError(`${what}: timed out`);
    return new ProviderError(`${what}: ${error.code ?? 'network error'}`);
  }
  return new ProviderError(`${what}: ${errorMessage(error)}`);
}

export function createHttpClient(baseURL: string, policy: RetryPolicy, headers: Record<string, string> = {}): AxiosInstance {
  return axios.create({
    baseURL: baseURL.replace(/\/+$/, ''),
    timeout: policy.timeoutMs,
    headers,
    // Raw text: the drivers parse (and report malformed bodies) themselves.
    responseType: 'text',
    transformResponse: [(data) => data],
    // Providers are told who we are, and nothing follows a redirect to another host with our key.
    maxRedirects: 0,
  });
}

/**
 * GET with the retry policy; `what` names the request in errors and logs ("Goyzer SalesListings page 3").
 * With a byte cap the body is never held beyond `cap.bytes`: the download is aborted there, and not
 * retried (it would only be as big again).
 */
export async function getText(
  client: AxiosInstance, url: string, config: AxiosRequestConfig, policy: RetryPolicy, what: string, cap?: ByteCap, observe?: AttemptObserver
): Promise<AxiosResponse<string>> {
  return getWithRetries<string>(client, url, config, policy, what, cap, observe);
}

/** As getText, the body as the bytes received (never made a string on this thread). */
export async function getBytes(
  client: AxiosInstance, url: string, config: AxiosRequestConfig, policy: RetryPolicy, what: string, cap?: ByteCap, observe?: AttemptObserver
): Promise<AxiosResponse<Buffer>> {
  return getWithRetries<Buffer>(client, url, { ...config, responseType: 'arraybuffer' }, policy, what, cap, observe);
}

/**
 * As getText, once the answer's headers arrived: its body a stream the caller reads (and caps) itself.
 * Retried until then; a body that fails while it is read is the caller's to report.
 */
export async function getStream(
  client: AxiosInstance, url: string, config: AxiosRequestConfig, policy: RetryPolicy, what: string, observe?: AttemptObserver
): Promise<AxiosResponse<Readable>> {
  return getWithRetries<Readable>(client, url, { ...config, responseType: 'stream' }, policy, what, undefined, observe);
}

async function getWithRetries<T>(
  client: AxiosInstance, url: string, config: AxiosRequestConfig, policy: RetryPolicy, what: string, cap?: ByteCap, observe?: AttemptObserver
): Promise<AxiosResponse<T>> {
  const request = cap ? { ...config, maxContentLength: Math.max(0, cap.bytes) } : config;
  for (let attempt = 0; ; attempt += 1) {
    const began = performance.now();
    const seconds = () => (performance.now() - began) / 1000;
    try {
      const response = await client.get<T>(url, request);
      observe?.('ok', seconds());
      return response;
    } catch (error) {
      observe?.(outcomeOf(error, cap), seconds());
      const status = axios.isAxiosError(error) ? error.response?.status : undefined;
      if ((cap && isOverCap(error)) || !isRetryable(status) || attempt >= policy.retries) throw describe(error, what, cap);
      const asked = axios.isAxiosError(error) ? retryAfterMs(error.response?.headers?.['retry-after']) : undefined;
      await sleep(Math.min(policy.maxDelayMs, asked ?? backoffMs(attempt, policy)));
    }
  }
}
