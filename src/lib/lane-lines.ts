/**
 * The header lines the fast lane (./fast-lane.ts) sends, made before any request needs them: the full
 * path's headers of a lane over one protocol and locale (`LaneHeaders`, from its last full-path 200),
 * and from them, for each body it serves (a `Representation`) and each set of CORS lines, every line of
 * the 304 and of each encoded 200 (`AnswerLines`). A request then costs one header line of its own,
 * its request id; a bare node:http server sending the same answer pays as much for its headers.
 */
import type { Representation, Variant } from './representation';

/** Header lines as `writeHead` takes them flat: name, value, name, value... */
export type HeaderLines = readonly string[];

export const NO_LINES: HeaderLines = [];

/** Headers a 304 leaves out (RFC 9110 15.4.5: it carries no body to describe). */
const BODY_HEADERS = new Set(['content-type']);

/** Headers an answer may carry of its own (src/lib/http-caching.ts `EdgeHeaders`). */
const EDGE_HEADERS = new Set(['cache-control', 'surrogate-key', 'cache-tag']);

/**
 * CORS line sets whose answer lines a body keeps (no Origin, the site's, one more): a lane keeps 64
 * Origins' lines, and 64 for each of 10,000 project pages would be a client's to fill with made-up ones.
 */
const KEPT_PER_BODY = 3;

/**
 * The lines of one answer, the request id's value empty: `send` writes the id into them just before
 * `writeHead`, which reads the lines at once and keeps none of them, so one array serves every request.
 */
export class AnswerLines {
  private readonly ok = new Map<Variant, string[]>();
  readonly notModified: string[];

  constructor(
    private readonly representation: Representation,
    private readonly headers: HeaderLines,
    notModifiedHeaders: HeaderLines,
    private readonly cors: HeaderLines
  ) {
    this.notModified = this.lines(notModifiedHeaders);
  }

  /** The lines of a 200 with `variant`'s body (its encoding and length). */
  okFor(variant: Variant): string[] {
    let lines = this.ok.get(variant);
    if (!lines) {
      lines = this.lines(this.headers);
      if (variant.encoding) lines.push('Content-Encoding', variant.encoding);
      lines.push('Content-Length', String(variant.body.length));
      this.ok.set(variant, lines);
    }
    return lines;
  }

  /** In the order the lane has always sent them: the request id, the ETag, the path's headers, CORS. */
  private lines(headers: HeaderLines): string[] {
    const edge = this.representation.edgeLines ?? NO_LINES;
    return ['X-Request-Id', '', 'ETag', this.representation.etag, ...headers, ...edge, ...this.cors];
  }
}

/** A reader's own answer's lines, with the reader headers and CORS lines they were made from. */
interface ReaderLines {
  headers: HeaderLines;
  cors: HeaderLines;
  lines: string[];
}

/** By the variant of a reader's own answer (kept as long as that answer is: src/api/account's flagged bodies). */
const readerLines = new WeakMap<Variant, ReaderLines>();

/**
 * The lines of a reader's own 200 with `variant`'s body (src/lib/private-answer.ts: no ETag, no 304),
 * the request id's value empty as in `AnswerLines`: the full path's reader headers, `cors`, the body's
 * encoding and length. Made once per variant while the same header and CORS lines come with it (`keep`:
 * CORS lines the lane keeps; others are made for one request, as its lines are), so a signed-in buyer's
 * repeated page builds no array of its own.
 */
export function readerAnswerLines(variant: Variant, headers: HeaderLines, cors: HeaderLines, keep: boolean): string[] {
  const kept = readerLines.get(variant);
  if (kept && kept.headers === headers && kept.cors === cors) return kept.lines;
  const lines = ['X-Request-Id', '', ...headers, ...cors];
  if (variant.encoding) lines.push('Content-Encoding', variant.encoding);
  lines.push('Content-Length', String(variant.body.length));
  if (keep) readerLines.set(variant, { headers, cors, lines });
  return lines;
}

/** The request id's place in the arrays of `AnswerLines` and `readerAnswerLines`. */
const REQUEST_ID = 1;

/** `lines` with `requestId` as its request id, ready for `writeHead` at once. */
export function withRequestId(lines: string[], requestId: string): string[] {
  lines[REQUEST_ID] = requestId;
  return lines;
}

/**
 * The full path's headers on one lane, protocol and locale but the per-request ones, ready to send
 * (names spelled as the full path spelled them), and the answers' lines made from them.
 */
export class LaneHeaders {
  /** Every header of the full path's 200 but the per-request ones. */
  private readonly ok: string[] = [];
  /** The same for a 304, without the headers describing a body. */
  private readonly notModified: string[] = [];
  /** Both without the caching headers, for an answer that carries its own (`Representation.edge`). */
  private readonly okShared: string[] = [];
  private readonly notModifiedShared: string[] = [];
  /** By body, then by CORS lines (those the lane keeps per Origin; the same array for the same Origin). */
  private readonly answers = new WeakMap<Representation, Map<HeaderLines, AnswerLines>>();

  /** From the full path's headers as [name, value, lower-case name]. */
  constructor(headers: ReadonlyArray<[string, string, string]>) {
    for (const [name, value, lower] of headers) {
      const shared = !EDGE_HEADERS.has(lower);
      const body = BODY_HEADERS.has(lower);
      this.ok.push(name, value);
      if (!body) this.notModified.push(name, value);
      if (shared) this.okShared.push(name, value);
      if (shared && !body) this.notModifiedShared.push(name, value);
    }
  }

  /**
   * The lines of `representation`'s answers with `cors`; kept (as long as the representation lives, for
   * its first KEPT_PER_BODY sets of CORS lines) when `keep` says the same CORS lines will come again.
   */
  answerLines(representation: Representation, cors: HeaderLines, keep: boolean): AnswerLines {
    let byCors = this.answers.get(representation);
    let lines = byCors?.get(cors);
    if (lines) return lines;
    const own = representation.edgeLines !== undefined;
    lines = new AnswerLines(representation, own ? this.okShared : this.ok, own ? this.notModifiedShared : this.notModified, cors);
    if (keep && (byCors?.size ?? 0) < KEPT_PER_BODY) {
      if (!byCors) this.answers.set(representation, (byCors = new Map()));
      byCors.set(cors, lines);
    }
    return lines;
  }
}
