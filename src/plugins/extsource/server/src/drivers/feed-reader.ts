/**
 * Reads a portal feed in a thread of its own (feed-thread.ts), as its bytes arrive: open it when a
 * download begins, hand it each chunk (the next waits until the thread took this one, so a fast
 * download never piles up in memory), close it when the download ends, however it ends.
 */
import path from 'path';
import type { FeedAnswer, FeedBatch, FeedTask } from './feed-thread';
import type { PortalFormatName } from './portal-formats';
import { askedThread } from './thread-asks';
import { backgroundThread } from './thread-priority';
import type { XmlFeedEnd } from './xml-records';

/** The reading thread's young generation: a record's garbage is small and short-lived. */
const YOUNG_GENERATION_MB = 8;

export interface FeedReader {
  /** The listings of the records that closed in `bytes` (handed over: not usable here afterwards). */
  write(bytes: Uint8Array): Promise<FeedBatch>;
  /** The end of the file: what the whole feed held, or why it is no whole feed. */
  end(): Promise<XmlFeedEnd>;
}

/** Its own copy of `bytes`, so the transfer takes a buffer nothing else shares (Node pools small ones). */
function ownBytes(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}

/** `read` with a reader of a `format` feed open for as long as it runs, closed however it ends. */
export async function withFeedReader<T>(format: PortalFormatName, read: (reader: FeedReader) => Promise<T>): Promise<T> {
  const worker = backgroundThread(path.join(__dirname, 'feed-thread.js'), { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
  const thread = askedThread<FeedTask, FeedAnswer>(worker, 'the thread reading the listings feed');
  try {
    await thread.ask({ open: format });
    return await read({
      async write(bytes) {
        const own = ownBytes(bytes);
        return (await thread.ask({ bytes: own }, [own.buffer as ArrayBuffer])) as FeedBatch;
      },
      async end() {
        return (await thread.ask({ end: true })) as XmlFeedEnd;
      },
    });
  } finally {
    await thread.end();
  }
}
