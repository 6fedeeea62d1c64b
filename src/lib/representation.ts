/**
 * A response body as HTTP caches want it: its strong ETag and its gzip and brotli variants, each made
 * once per body (lazily, when first asked for) and kept with it. A cached page's representation lives
 * as long as its cache entry (`representationOf`), so neither the hash nor the compression is paid
 * per request; an uncached body (a listing page) gets a throw-away one.
 */
import { createHash } from 'crypto';
import { brotliCompressSync, constants, gzipSync } from 'zlib';
import type { CacheEntry } from './cache';
import type { EdgeHeaders } from './http-caching';

/** Below this, compression saves less than its headers cost: sent as is. */
export const COMPRESSION_MIN_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

export interface Variant {
  body: Buffer;
  /** Content-Encoding, or undefined for the identity body. */
  encoding: Encoding | undefined;
}

export class Representation {
  private tag: string | undefined;
  private identity: Variant | undefined;
  private readonly variants = new Map<Encoding, Variant>();

  /** The same headers as lines ready for `writeHead`, made once (the fast lane sends them as they are). */
  readonly edgeLines: readonly string[] | undefined;

  /**
   * `cached`: the body is kept and served many times, so compressing harder pays. `edge`: caching
   * headers of this answer's own, where they differ per answer on one route (a project's).
   */
  constructor(
    readonly body: Buffer,
    private readonly cached = true,
    readonly edge?: EdgeHeaders
  ) {
    this.edgeLines = edge && Object.entries(edge).flat();
  }

  /** A strong validator: the body's SHA-1, base64url (two bodies with one ETag are the same bytes). */
  get etag(): string {
    this.tag ??= `"${createHash('sha1').update(this.body).digest('base64url')}"`;
    return this.tag;
  }

  /** The body to send for this Accept-Encoding header (the same object each time). */
  variantFor(acceptEncoding: string | undefined): Variant {
    const encoding = this.body.length >= COMPRESSION_MIN_BYTES ? encodingFor(acceptEncoding) : undefined;
    if (encoding) return this.compressed(encoding);
    this.identity ??= { body: this.body, encoding: undefined };
    return this.identity;
  }

  private compressed(encoding: Encoding): Variant {
    let variant = this.variants.get(encoding);
    if (!variant) {
      const body = encoding === 'br' ? brotliCompressSync(this.body, brotliOptions(this.body.length, this.cached)) : gzipSync(this.body, { level: this.cached ? 9 : 6 });
      variant = { body, encoding };
      this.variants.set(encoding, variant);
    }
    return variant;
  }
}

/** A JSON body's representation, `cached` and `edge` as the constructor takes them. */
export const jsonRepresentation = (body: unknown, cached = true, edge?: EdgeHeaders): Representation =>
  new Representation(Buffer.from(JSON.stringify(body)), cached, edge);

/** Brotli's best quality for bodies kept in the cache; a fast one for a body compressed per request. */
function brotliOptions(size: number, cached: boolean) {
  return {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: cached ? 11 : 4,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

/**
 * brotli, else gzip, when the client accepts it (RFC 9110 12.5.3: `q=0` refuses, `*` stands for codings
 * not named); undefined: identity.
 */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: Encoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : undefined;
}

/** Accept-Encoding values seen, with the encoding each picks: clients send a handful of distinct ones. */
const encodingsByHeader = new Map<string, Encoding | undefined>();
const KEPT_HEADERS = 64;

/** `preferredEncoding`, remembered for the first header values seen (beyond them, worked out per call). */
function encodingFor(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  if (encodingsByHeader.has(header)) return encodingsByHeader.get(header);
  const encoding = preferredEncoding(header);
  if (encodingsByHeader.size < KEPT_HEADERS) encodingsByHeader.set(header, encoding);
  return encoding;
}

/**
 * Whether If-None-Match names this ETag (weak comparison, as RFC 9110 13.1.2 asks for this header:
 * `W/"x"` matches `"x"`), or is `*`.
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag) return true;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

const representations = new WeakMap<CacheEntry<unknown>, Representation>();

/** The representation of a cached JSON entry, made once and kept as long as the entry. */
export function representationOf(entry: CacheEntry<unknown>): Representation | undefined {
  if (!entry.bytes) return undefined;
  let representation = representations.get(entry);
  if (!representation) {
    representation = new Representation(entry.bytes);
    representations.set(entry, representation);
  }
  return representation;
}
