// A steady load at a fixed rate, as visitors arrive: each stream's requests leave at random moments, on
// average `rate` a second (a Poisson process: independent gaps, exponentially distributed), over
// keep-alive connections of its own, whether or not earlier ones were answered (an open loop), and each
// answer is timed from the moment its request was sent or queued for a connection. Decision 170:
// autocannon, at a rate, lets every connection send its second's share at once at the start of each
// second (every stream's burst queued together, the rest of the second idle), and its histogram adds
// made-up samples for any answer over 1 ms (it corrects for an interval of ceil(1 / rate) ms); the
// latency bench measured those bursts, not what a visitor waits. Evenly spaced streams would not do
// either: their requests fall on the same moments again and again (every 25th search with a contact).
'use strict';

const http = require('http');
const { performance } = require('perf_hooks');

/** How long one answer may take before it counts as an error (autocannon's default). */
const TIMEOUT_MS = 10_000;
/** The pacing timer's period: the streams' requests due are sent each tick. */
const TICK_MS = 1;

/**
 * One stream: `next(index)` gives its index-th request ({ method, path, headers, body }). Keeps every
 * answer as { sentAt (epoch ms), latencyMs, ok (a 2xx) }, and a failed one's `failure`: its status, or
 * the request's error.
 */
function pacedStream({ origin, rate, connections, next }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const answers = [];
  const gapMs = () => (-Math.log(1 - Math.random()) * 1000) / rate;
  let sent = 0;
  let dueMs = gapMs();
  let inFlight = 0;
  let whenDrained = () => {};

  /** `failure`: what went wrong (a status, or the request's error); undefined for a 2xx. */
  const answered = (sentAt, failure) => {
    const latencyMs = performance.now() - sentAt;
    answers.push({ sentAt: Date.now() - latencyMs, latencyMs, ok: failure === undefined, failure });
    inFlight -= 1;
    if (inFlight === 0) whenDrained();
  };

  const send = () => {
    const { method = 'GET', path, headers = {}, body } = next(sent);
    sent += 1;
    inFlight += 1;
    const sentAt = performance.now();
    let settled = false;
    const settle = (failure) => {
      if (settled) return;
      settled = true;
      answered(sentAt, failure);
    };
    const request = http.request(`${origin}${path}`, { method, headers, agent, timeout: TIMEOUT_MS }, (response) => {
      response.resume();
      const { statusCode = 0 } = response;
      response.once('end', () => settle(statusCode >= 200 && statusCode < 300 ? undefined : String(statusCode)));
      response.once('error', (error) => settle(error.message));
    });
    request.once('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    request.once('error', (error) => settle(error.message));
    request.end(body);
  };

  return {
    answers,
    /** Sends every request due `elapsedMs` after the load began. */
    sendDue(elapsedMs) {
      while (dueMs <= elapsedMs) {
        send();
        dueMs += gapMs();
      }
    },
    /** Resolves once every request sent is answered (or failed), then closes the connections. */
    async drain() {
      if (inFlight > 0) await new Promise((resolve) => { whenDrained = resolve; });
      agent.destroy();
    },
  };
}

/**
 * Starts `streams` ({ name: { origin, rate, connections, next } }) now. `answers(name)` is that stream's
 * answers so far; `stop()` sends no more and resolves once every request sent is answered.
 */
function pacedLoad(streams) {
  const running = Object.fromEntries(Object.entries(streams).map(([name, stream]) => [name, pacedStream(stream)]));
  const startedAt = performance.now();
  const timer = setInterval(() => {
    const elapsedMs = performance.now() - startedAt;
    for (const stream of Object.values(running)) stream.sendDue(elapsedMs);
  }, TICK_MS);
  return {
    answers: (name) => running[name].answers,
    async stop() {
      clearInterval(timer);
      await Promise.all(Object.values(running).map((stream) => stream.drain()));
    },
  };
}

module.exports = { pacedLoad };
