/**
 * The thread Goyzer answers are read in (units-reader.ts starts it): an answer's bytes in, its
 * listings out. What reading makes (the text, the parsed units, their garbage) lives and is collected
 * in this thread's heap, never in the one whose collections hold visitors' requests.
 */
import { parentPort } from 'worker_threads';
import { readUnitsPage, type UnitsPage, type UnitsRequest } from './goyzer-units';
import { ProviderError } from './provider-error';

export interface UnitsTask {
  id: number;
  bytes: Uint8Array;
  request: UnitsRequest;
}

/** The page read, or why not: `provider` when the answer itself was at fault (a ProviderError). */
export type UnitsReply = { id: number; page: UnitsPage } | { id: number; error: string; provider: boolean };

const decoder = new TextDecoder();
const port = parentPort!;

port.on('message', ({ id, bytes, request }: UnitsTask) => {
  let reply: UnitsReply;
  try {
    reply = { id, page: readUnitsPage(decoder.decode(bytes), request) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error), provider: error instanceof ProviderError };
  }
  port.postMessage(reply);
});
