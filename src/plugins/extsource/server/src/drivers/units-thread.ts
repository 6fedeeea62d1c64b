/**
 * The thread Goyzer answers are read in (units-reader.ts starts it): an answer's bytes in, its
 * listings out. What reading makes (the text, the parsed units, their garbage) lives and is collected
 * in this thread's heap, never in the one whose collections hold visitors' requests.
 */
import { readUnitsPage, type UnitsPage, type UnitsRequest } from './goyzer-units';
import { answerAsks } from './thread-asks';

/** An answer to read: its bytes (handed over) and what was asked for. */
export interface UnitsTask {
  bytes: Uint8Array;
  request: UnitsRequest;
}

const decoder = new TextDecoder();

answerAsks<UnitsTask, UnitsPage>(({ bytes, request }) => readUnitsPage(decoder.decode(bytes), request));
