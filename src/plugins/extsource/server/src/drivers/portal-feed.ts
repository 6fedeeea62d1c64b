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

/** What one reading of the file gave: each listing type's listings, the records skipped, how many records in all. */
interface FeedRead {
  listings: Record<ListingType, NormalisedListing[]>;
  rejected: Rejected[];
  records: number;
}

export function portalFeedDriver(format: PortalFormatName, settings: ExtsourceConfig['listingsFeed'], policy: RetryPolicy, observe?: RequestObserver): ListingsDriver {
  const { label } = PORTAL_FORMATS[format];
  if (!settings.url) throw new ProviderError(`${label}: LISTINGS_FEED_URL is not set`);
  const url = new URL(settings.url);
  // Errors name the feed by its host and path: a query string may carry the CRM's token.
  const what = `${label} feed ${url.host}${url.pathname}`;
  const client = createHttpClient(url.origin, policy, { Accept: 'application/xml, text/xml', ...settings.headers });

  async function readFeed(progress?: Progress): Promise<FeedRead> {
    const response = await getStream(client, `${url.pathname}${url.search}`, {}, policy, what, observe && ((outcome, seconds) => observe('feed', outcome, seconds)));
    const read: FeedRead = { listings: { sale: [], rent: [] }, rejected: [], records: 0 };
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

  let reading: Promise<FeedRead> | undefined;
  let rejectedTold = false;

  return {
    name: format,
    /** A listing type's listings of the file, read once for both types; the records skipped told with the first. */
    async fetchListings(type: ListingType, progress?: Progress): Promise<Fetched<NormalisedListing>> {
      reading ??= readFeed(progress);
      const read = await reading;
      const rejected = rejectedTold ? [] : read.rejected;
      rejectedTold = true;
      return { records: read.listings[type], rejected };
    },
    async test() {
      const read = await readFeed();
      const listings = read.listings.sale.length + read.listings.rent.length;
      return `${label}, ${listings.toLocaleString('en')} listings (${read.listings.sale.length.toLocaleString('en')} for sale, ${read.listings.rent.length.toLocaleString('en')} to rent)`;
    },
  };
}
