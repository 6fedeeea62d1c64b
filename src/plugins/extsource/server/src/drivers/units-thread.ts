/**
 * The thread Goyzer answers are read in (units-reader.ts starts it): an answer's bytes in, its
 * listings out. What reading makes (the text, the parsed units, their garbage) lives and is collected
 * in this thread's heap, never in the one whose collections hold visitors' requests.
 */
import { parentPort } from 'worker_threads';
import { readUnitsPage, type UnitsPage, type UnitsRequest } from './goyzer-units';
import { sentError, type SentError } from './provider-error';

export interface UnitsTask {
  id: number;
  bytes: Uint8Array;
  request: UnitsRequest;
}

/** The page read, or why not (`provider` when the answer itself was at fault). */
export type UnitsReply = { id: number; page: UnitsPage } | { id: number; error: SentError };

const decoder = new TextDecoder();
const port = parentPort!;

port.on('message', ({ id, bytes, request }: UnitsTask) => {
  let reply: UnitsReply;
  try {
    reply = { id, page: readUnitsPage(decoder.decode(bytes), request) };
  } catch (error) {
    reply = { id, error: sentError(error) };
  }
  port.postMessage(reply);
});
