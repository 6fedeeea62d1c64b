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
  /** Only Reelly requests asking for this `language` (null: those asking for none). */
  language?: string | null;
}

export interface Recorded {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** When it arrived, epoch milliseconds (Reelly). */
  at?: number;
}

interface FakeServer {
  url: string;
  close(): Promise<void>;
}

export const GOYZER_CREDENTIALS: { accessCode: string; groupCode: string };
export const REELLY_API_KEY: string;

export interface GoyzerState {
  sales: Unit[];
  rentals: Unit[];
  /** What the change lists answer (withdrawn units with Status DELETED). */
  changes: { sales: Unit[]; rentals: Unit[] };
  pageSize: number;
  /** 'numbered' pages as asked; 'whole': every answer is the whole feed; 'first': every answer is page 1. */
  paging: 'numbered' | 'whole' | 'first';
  pastLastPage: 'repeat' | 'empty';
  pagePositions: boolean;
  xml: 'observed' | 'compact';
  changesAllowed: boolean;
  faults: Fault[];
  /** `completed` is false when the client hung up before the answer's end. */
  requests: Array<Recorded & { completed: boolean }>;
}

export function startFakeGoyzer(options?: { pageSize?: number }): Promise<
  FakeServer & {
    state: GoyzerState;
    pagesRequested(path: string): number;
  }
>;

export interface ReellyState {
  /** Observed-shape records with their detail fields (the list answers leave those out). */
  projects: Project[];
  /** Arabic texts by project id, laid over a project answered with `language=ar`. */
  projectsAr: Project[];
  developers: Array<Record<string, unknown>>;
  shape: 'observed' | 'documented';
  /** Largest page the server gives, whatever `limit` asks. */
  maxLimit: number;
  developersPageLimit: number;
  /** Every `/projects/{id}` answer waits this long; detail requests under way now, and at most. */
  detailDelayMs: number;
  detailsInFlight: number;
  maxDetailsInFlight: number;
  /** Answer projects abroad even when `country` asks for the UAE (a filter not active on the backend). */
  ignoreCountry: boolean;
  /** Called after each /projects page is sent, with its offset. */
  afterProjectsPage?: (offset: number) => void;
  faults: Fault[];
  requests: Recorded[];
}

export function startFakeReelly(): Promise<FakeServer & { state: ReellyState }>;

/** The documentation's shape of an observed record. */
export function documented(project: Project, developers: Array<Record<string, unknown>>): Project;
/** The list entry of an observed record (no detail fields). */
export function listView(project: Project): Project;
