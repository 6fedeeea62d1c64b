import type { IncomingHttpHeaders } from 'http';
import type { Unit } from './providers';

export type PortalFormat = 'pf-xml' | 'bayut-xml';

export const FEED_TOKEN: string;

export function portalFeed(format: PortalFormat, units: { sales: Unit[]; rentals: Unit[] }): string;

export interface FakePortalFeed {
  url: string;
  state: {
    format: PortalFormat;
    sales: Unit[];
    rentals: Unit[];
    /** `feed`, `truncated` (cut inside a record), `not-xml`, `empty`, or an HTTP status. */
    answer: 'feed' | 'truncated' | 'not-xml' | 'empty' | number;
    token: string;
    requests: Array<{ headers: IncomingHttpHeaders }>;
  };
  close(): Promise<void>;
}

export function startFakePortalFeed(options?: { format?: PortalFormat; token?: string }): Promise<FakePortalFeed>;
