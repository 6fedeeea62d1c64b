// The recorder's HTTP client: one request at a time on one kept-alive connection, the answer's status,
// headers and raw bytes (no decoding: a compressed variant is recorded as sent). Rejects when the request
// cannot be sent, the connection fails or no answer comes.
'use strict';

const http = require('http');

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const TIMEOUT_MS = 30_000;

/** Sends `request` ({ method, path, headers, body }) to the app at `port`. */
function send(port, { method = 'GET', path, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const sent = payload ? { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(payload.length) } : headers;
    const req = http.request({ host: '127.0.0.1', port, method, path, headers: sent, agent }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    // An answer that never comes is recorded as an error, not waited for.
    req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    req.end(payload);
  });
}

module.exports = { send };
