// Two recordings request by request: the same request (method, URL, request headers and body) must have
// had the same status, answer headers and body bytes. Says how many requests and differences, and shows
// the first few: the URL and what differs (the status, each header, the body from its first differing byte).
'use strict';

const requestOf = ({ method, url, request_headers: headers, request_body: body }) => JSON.stringify({ method, url, headers, body });

/** What differs between two answers to one request, as lines; empty when nothing does. */
function answerDifferences(a, b, bodiesA, bodiesB) {
  const lines = [];
  if (a.status !== b.status) lines.push(`status: ${a.status} -> ${b.status}`);
  if (a.error !== b.error) lines.push(`error: ${a.error ?? 'none'} -> ${b.error ?? 'none'}`);
  const names = [...new Set([...Object.keys(a.headers ?? {}), ...Object.keys(b.headers ?? {})])].sort();
  for (const name of names) {
    const [x, y] = [a.headers?.[name], b.headers?.[name]];
    if (x !== y) lines.push(`header ${name}: ${JSON.stringify(x)} -> ${JSON.stringify(y)}`);
  }
  if (a.body_sha256 !== b.body_sha256) lines.push(bodyDifference(bodiesA[a.body_sha256], bodiesB[b.body_sha256], a.body_bytes, b.body_bytes));
  return lines;
}

const CONTEXT = 80;

/** Where two bodies part, with some text of each around that point. */
function bodyDifference(a, b, bytesA, bytesB) {
  const [x, y] = [a?.text ?? a?.base64 ?? '', b?.text ?? b?.base64 ?? ''];
  let at = 0;
  while (at < x.length && at < y.length && x[at] === y[at]) at += 1;
  const around = (text) => JSON.stringify(text.slice(Math.max(0, at - CONTEXT), at + CONTEXT));
  const form = a?.text === undefined || b?.text === undefined ? ' (base64)' : '';
  return `body (${bytesA} -> ${bytesB} bytes) differs at character ${at}${form}:\n      A: ${around(x)}\n      B: ${around(y)}`;
}

/** Compares recording `a` with `b`: the figures and every difference found. */
function compare(a, b) {
  const differences = [];
  const count = Math.max(a.requests.length, b.requests.length);
  for (let i = 0; i < count; i += 1) {
    const [x, y] = [a.requests[i], b.requests[i]];
    if (!x || !y) {
      differences.push({ n: i, url: (x ?? y).url, lines: [`only in ${x ? 'A' : 'B'} (A has ${a.requests.length} requests, B ${b.requests.length})`] });
      continue;
    }
    if (requestOf(x) !== requestOf(y)) {
      differences.push({ n: i, url: x.url, lines: [`another request: A ${requestOf(x)}`, `                  B ${requestOf(y)}`] });
      continue;
    }
    const lines = answerDifferences(x, y, a.bodies, b.bodies);
    if (lines.length) differences.push({ n: i, url: `${x.method} ${x.url} ${JSON.stringify(x.request_headers)}`, lines });
  }
  return { requests: count, differences };
}

module.exports = { compare };
