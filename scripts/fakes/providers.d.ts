import type { IncomingHttpHeaders } from 'http';

export type Unit = Record<string, unknown>;
export type Project = Record<string, unknown>;

export interface Fault {
  /** Answer this status instead of the data. */
  status?: number;
  /** For this many matching requests (every one when absent). */
  times?: number;
  retryAfter?: string;
  delayMs?: number;
  malformed?: boolean;
  /** Only requests to this path (and, for Goyzer, this page). */
  path?: string;
  page?: number;
}

export interface Recorded {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

interface FakeServer {
  url: string;
  close(): Promise<void>;
}

export const GOYZER_CREDENTIALS: { accessCode: string; groupCode: string };
export const REELLY_API_KEY: string;

export function startFakeGoyzer(options?: { pageSize?: number }): Promise<
  FakeServer & {
    state: { sales: Unit[]; rentals: Unit[]; pageSize: number; faults: Fault[]; requests: Recorded[] };
    pagesRequested(path: string): number;
  }
>;

export function startFakeReelly(): Promise<
  FakeServer & {
    state: { projects: Project[]; developers: Array<Record<string, unknown>>; faults: Fault[]; requests: Recorded[] };
  }
>;
