/**
 * A listings feed in a portal's XML format (issue 69: `pf-xml`, `bayut-xml`), the file any UAE CRM
 * publishes at a URL (`LISTINGS_FEED_URL`, with the headers `LISTINGS_FEED_HEADERS` names for a token or
 * basic auth). The whole file is read once per driver (one sync run), sales and rentals together, as it
 * streams, in a thread of its own (feed-reader.ts): memory holds the listings, never the file. It is
 * capped at `LISTINGS_FEED_MAX_BYTES` and `LISTINGS_FEED_MAX_ITEMS`; a file that is cut off, no XML or
 * another format fails the fetch, so the sync keeps the catalogue it has; a record that cannot be used is
 * skipped with its reference and why.
 */
import type { ExtsourceConfig } from '../config';
import type { ListingType, NormalisedListing, Rejected } from '../mapping/types';
import { errorMessage } from '../errors';
import { withFeedReader } from './feed-reader';
import { createHttpClient, getStream, type RequestObserver, type RetryPolicy } from './http';
import { PORTAL_FORMATS, type PortalFormatName } from './portal-formats';
import { ProviderError } from './provider-error';
import type { Fetched, ListingsDriver, Progress } from './types';

const mebibytes = (bytes: number) => `${Math.round((bytes / 1048576) * 10) / 10} MiB`;

/** What one reading of the file gave: each listing type's listings, the records skipped, how many records in all, its version. */
interface FeedRead {
  listings: Record<ListingType, NormalisedListing[]>;
  rejected: Rejected[];
  records: number;
  version: string | undefined;
}

const NOT_MODIFIED = 'not modified';

/** The validators of an answer, as one version string (undefined when the server gives none). */
function versionOf(headers: Record<string, unknown>): string | undefined {
  const etag = typeof headers.etag === 'string' ? headers.etag : undefined;
  const modified = typeof headers['last-modified'] === 'string' ? headers['last-modified'] : undefined;
  return etag || modified ? JSON.stringify({ etag, modified }) : undefined;
}

/** The conditional request's headers for a version `versionOf` made. */
function conditionOf(version: string | undefined): Record<string, string> {
  if (!version) return {};
  try {
    const { etag, modified } = JSON.parse(version) as { etag?: string; modified?: string };
    return { ...(etag ? { 'If-None-Match': etag } : {}), ...(modified ? { 'If-Modified-Since': modified } : {}) };
  } catch {
    return {};
  }
}

/** LISTINGS_FEED_URL as a URL, or the error saying what is wrong with it. */
function feedUrl(label: string, written: string): URL {
  if (!written) throw new ProviderError(`${label}: LISTINGS_FEED_URL is not set`);
  const url = URL.canParse(written) ? new URL(written) : undefined;
  if (!url || !/^https?:$/.test(url.protocol)) throw new ProviderError(`${label}: LISTINGS_FEED_URL is not an http(s) URL`);
  return url;
}

export function portalFeedDriver(format: PortalFormatName, settings: ExtsourceConfig['listingsFeed'], policy: RetryPolicy, observe?: RequestObserver): ListingsDriver {
  const { label } = PORTAL_FORMATS[format];
  const url = feedUrl(label, settings.url);
  // Errors name the feed by its host and path: a query string may carry the CRM's token.
  const what = `${label} feed ${url.host}${url.pathname}`;
  const client = createHttpClient(url.origin, policy, { Accept: 'application/xml, text/xml', ...settings.headers });

  /** The file, or NOT_MODIFIED when it is still the `since` version. */
  async function readFeed(since: string | undefined, progress?: Progress): Promise<FeedRead | typeof NOT_MODIFIED> {
    const request = { headers: conditionOf(since), validateStatus: (status: number) => (status >= 200 && status < 300) || status === 304 };
    const response = await getStream(client, `${url.pathname}${url.search}`, request, policy, what, observe && ((outcome, seconds) => observe('feed', outcome, seconds)));
    if (response.status === 304) {
      response.data.destroy();
      return NOT_MODIFIED;
    }
    const read: FeedRead = { listings: { sale: [], rent: [] }, rejected: [], records: 0, version: versionOf(response.headers) };
    let bytes = 0;
    try {
      return await withFeedReader(format, async (reader) => {
        for await (const chunk of response.data as AsyncIterable<Buffer>) {
          bytes += chunk.byteLength;
          if (bytes > settings.maxBytes) throw new ProviderError(`${what}: the file passed LISTINGS_FEED_MAX_BYTES (${mebibytes(settings.maxBytes)}); the download was stopped`);
          const batch = await reader.write(chunk);
          for (const listing of batch.listings) read.listings[listing.listing_type].push(listing);
          read.rejected.push(...batch.rejected);
          read.records += batch.listings.length + batch.rejected.length;
          if (read.records > settings.maxItems) throw new ProviderError(`${what}: more than LISTINGS_FEED_MAX_ITEMS (${settings.maxItems}) listings`);
          progress?.(read.listings.sale.length + read.listings.rent.length);
        }
        await reader.end();
        return read;
      });
    } catch (error) {
      response.data.destroy();
      throw error instanceof ProviderError ? error : new ProviderError(`${what}: ${errorMessage(error)}`);
    }
  }

  /** The reads of this driver (one sync run), by the version they were asked `since`: both types asking alike read the file once. */
  const reads = new Map<string | undefined, Promise<FeedRead | typeof NOT_MODIFIED>>();
  let rejectedTold = false;

  return {
    name: format,
    /** A listing type's listings of the file, or that it is still `since`; the records skipped told once, with the first type asked (each names its own type). */
    async fetchListings(type: ListingType, progress?: Progress, since?: string): Promise<Fetched<NormalisedListing>> {
      if (!reads.has(since)) reads.set(since, readFeed(since, progress));
      const read = await reads.get(since)!;
      if (read === NOT_MODIFIED) return { records: [], rejected: [], version: since, notModified: true };
      const rejected = rejectedTold ? [] : read.rejected;
      rejectedTold = true;
      return { records: read.listings[type], rejected, version: read.version };
    },
    async test() {
      const read = await readFeed(undefined);
      if (read === NOT_MODIFIED) throw new ProviderError(`${what}: answered 304 Not Modified to a request that asked for the file`);
      const listings = read.listings.sale.length + read.listings.rent.length;
      return `${label}, ${listings.toLocaleString('en')} listings (${read.listings.sale.length.toLocaleString('en')} for sale, ${read.listings.rent.length.toLocaleString('en')} to rent)`;
    },
  };
}
