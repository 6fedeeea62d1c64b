/**
 * A request body no one will read, discarded the way node:http discards one. The fast lane answers a
 * GET from memory in the request listener and never reads what follows the headers. node:http finds that
 * out only once the answer is finished (`resOnFinish`): it then calls `req._dump()`, which resumes the
 * request so the parser can go on with the connection, and the request ends and closes, a handful of
 * ticks and events per request after its answer. In a process as big as the app's, those cost more than
 * the rest of a cached answer's JavaScript (decision 187, docs/performance.md).
 *
 * node:http internals, checked against Node 22.23 and 24.22 (CI runs the test on both majors): `_dumped` is read only by `_dump()` (nothing more to do)
 * and by the parser's body callback (`parserOnBody` in _http_common), which then drops body bytes as they
 * arrive instead of buffering them in the request. Set before the listener returns, it comes before any
 * body byte is parsed: a GET with a body still leaves its connection free for the next request
 * (tests/unit/fast-lane.test.ts). After a Node upgrade, check these two readers here and nowhere else.
 */
import type { IncomingMessage } from 'http';

type Dumped = IncomingMessage & { _dumped: boolean };

/** Tells node:http that `req`'s body, if any, is not to be read: its bytes are dropped as they come. */
export function discardBody(req: IncomingMessage): void {
  (req as Dumped)._dumped = true;
}
