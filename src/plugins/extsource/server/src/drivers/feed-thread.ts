/**
 * The thread a portal feed is read in (feed-reader.ts starts it): the file's bytes in as they arrive,
 * each batch's listings out as their records close. The text, the record trees and their garbage live
 * and are collected in this thread's heap, never in the one that answers visitors (as decision 176's
 * Goyzer thread).
 */
import type { NormalisedListing, Rejected } from '../mapping/types';
import { PORTAL_FORMATS, type PortalFormatName } from './portal-formats';
import { answerAsks } from './thread-asks';
import { xmlRecordReader, type XmlFeedEnd } from './xml-records';

export type FeedTask = { open: PortalFormatName } | { bytes: Uint8Array } | { end: true };

/** The records that closed since the last ask, mapped. */
export interface FeedBatch {
  listings: NormalisedListing[];
  rejected: Rejected[];
}

export type FeedAnswer = FeedBatch | XmlFeedEnd | null;

let reader: ReturnType<typeof xmlRecordReader> | undefined;
let batch: FeedBatch = { listings: [], rejected: [] };

const taken = (): FeedBatch => {
  const done = batch;
  batch = { listings: [], rejected: [] };
  return done;
};

answerAsks<FeedTask, FeedAnswer>((task) => {
  if ('open' in task) {
    const format = PORTAL_FORMATS[task.open];
    reader = xmlRecordReader(format.shape, (record) => {
      const mapped = format.map(record);
      if ('reason' in mapped) batch.rejected.push(mapped);
      else batch.listings.push(mapped);
    });
    return null;
  }
  if (!reader) throw new Error('the feed thread was not opened');
  if ('bytes' in task) {
    reader.write(task.bytes);
    return taken();
  }
  return reader.end();
});
