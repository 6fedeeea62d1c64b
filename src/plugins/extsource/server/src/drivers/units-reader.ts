/**
 * Reads Goyzer answers in a thread of its own (units-thread.ts), one fetch's worth: open it when a fetch
 * begins, close it when it ends. A page of units takes tens of milliseconds to check and map, and its text
 * and parsed tree are garbage the moment it is mapped; on the visitors' thread that was a twelfth of a
 * sync's CPU and the allocation that brought on its full collections (decision 176).
 */
import path from 'path';
import type { UnitsPage, UnitsRequest } from './goyzer-units';
import { askedThread } from './thread-asks';
import { backgroundThread } from './thread-priority';
import type { UnitsTask } from './units-thread';

/** The reading thread's young generation (V8's default grows to 32 MB and more). */
const YOUNG_GENERATION_MB = 4;

export interface UnitsReader {
  /** The answer's bytes read into listings; the bytes are handed over (not usable here afterwards). */
  read(bytes: Buffer, request: UnitsRequest): Promise<UnitsPage>;
  close(): Promise<void>;
}

/** Its own copy of `bytes`, so the transfer takes a buffer nothing else shares (Node pools small ones). */
function ownBytes(bytes: Buffer): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}

function openUnitsReader(): UnitsReader {
  // A unit's garbage is small and short-lived: a small young generation keeps the thread's memory small.
  const worker = backgroundThread(path.join(__dirname, 'units-thread.js'), { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
  let failure: Error | undefined;
  const thread = askedThread<UnitsTask, UnitsPage>(worker, 'the thread reading Goyzer answers', { failed: (error) => (failure = error) });

  return {
    read(bytes, request) {
      if (failure) return Promise.reject(failure);
      const own = ownBytes(bytes);
      return thread.ask({ bytes: own, request }, [own.buffer as ArrayBuffer]);
    },
    close: () => thread.end(),
  };
}

/** `fetch` with a reader of answers open for as long as it runs, closed however it ends. */
export async function withUnitsReader<T>(fetch: (reader: UnitsReader) => Promise<T>): Promise<T> {
  const reader = openUnitsReader();
  try {
    return await fetch(reader);
  } finally {
    await reader.close();
  }
}
