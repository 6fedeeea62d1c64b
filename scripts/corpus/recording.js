// A recording: every request as sent and the parts of its answer that are the answer (status, headers,
// body bytes by sha256), with the bodies kept once each, so that `compare` can show where two differ.
'use strict';

const crypto = require('crypto');
const fs = require('fs');
const zlib = require('zlib');
const { send } = require('./client');

/**
 * Response headers that differ per request or per connection whichever build answers: the clock, the
 * request id the app makes for a request without one, and the connection's own. Everything else is kept.
 */
const PER_REQUEST = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);

/** The headers of `rawHeaders` that belong to the answer, by lower-case name (repeats joined by a newline), sorted. */
function answerHeaders(rawHeaders) {
  const kept = {};
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i].toLowerCase();
    if (PER_REQUEST.has(name)) continue;
    kept[name] = name in kept ? `${kept[name]}\n${rawHeaders[i + 1]}` : rawHeaders[i + 1];
  }
  return Object.fromEntries(Object.entries(kept).sort(([a], [b]) => (a < b ? -1 : 1)));
}

const sha256 = (bytes) => crypto.createHash('sha256').update(bytes).digest('hex');

/** Bytes as text when they are UTF-8 that survives the round trip, else base64. */
function storedBody(bytes) {
  const text = bytes.toString('utf8');
  return Buffer.from(text, 'utf8').equals(bytes) ? { text } : { base64: bytes.toString('base64') };
}

/**
 * A recorder against the app at `port`: its `ask` sends a request and records it. A buyer's access token
 * (which names the time it was made) is recorded as the buyer's label, `buyer-1`, `buyer-2`.
 */
function recorder(port) {
  const requests = [];
  const bodies = {};
  const labels = new Map();
  const labelled = (headers) => {
    const authorization = headers.Authorization;
    if (authorization === undefined || !/^Bearer ey/.test(authorization)) return headers;
    if (!labels.has(authorization)) labels.set(authorization, `<buyer-${labels.size + 1}>`);
    return { ...headers, Authorization: labels.get(authorization) };
  };

  /**
   * Sends `request` and records it. `setup` marks a request whose answer is a session (register, sign in:
   * tokens and times of their own): only its status is recorded.
   */
  async function ask(request, { setup = false } = {}) {
    const { method = 'GET', path, headers = {}, body } = request;
    const entry = { n: requests.length, method, url: path, request_headers: labelled(headers) };
    if (body !== undefined && !setup) entry.request_body = body;
    let answer;
    try {
      answer = await send(port, { method, path, headers, body });
    } catch (error) {
      // A connection dropped or an answer that never came is the answer: the recording goes on.
      requests.push({ ...entry, status: 0, error: error.message });
      return { status: 0, headers: {}, body: Buffer.alloc(0), json: () => ({}) };
    }
    entry.status = answer.status;
    if (!setup) {
      const hash = sha256(answer.body);
      Object.assign(entry, { headers: answerHeaders(answer.rawHeaders), body_sha256: hash, body_bytes: answer.body.length });
      bodies[hash] ??= storedBody(answer.body);
    }
    requests.push(entry);
    return { status: answer.status, headers: answerHeaders(answer.rawHeaders), body: answer.body, json: () => JSON.parse(answer.body.toString('utf8')) };
  }
  /** Sends `request` without recording it. */
  async function peek(request) {
    const answer = await send(port, request);
    return { status: answer.status, headers: answerHeaders(answer.rawHeaders), body: answer.body };
  }
  return { ask, peek, requests, bodies };
}

function write(file, recording) {
  const text = JSON.stringify(recording);
  fs.writeFileSync(file, file.endsWith('.gz') ? zlib.gzipSync(text) : text);
}

function read(file) {
  const bytes = fs.readFileSync(file);
  return JSON.parse((file.endsWith('.gz') ? zlib.gunzipSync(bytes) : bytes).toString('utf8'));
}

module.exports = { recorder, write, read };
