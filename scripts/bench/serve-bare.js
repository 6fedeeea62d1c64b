#!/usr/bin/env node
// Benchmark child: the baseline, a bare node:http server answering every request with the given bytes
// (and status and headers, when given: [name, value] pairs, a 304, a compressed body). Its headers are
// made once, as the app's fast lane prepares its own; node:http adds Date, Connection and Keep-Alive.
'use strict';

const http = require('http');

process.once('message', ({ body, contentType, status = 200, headers = [] }) => {
  const bytes = Buffer.from(body, 'base64');
  const sent = Object.fromEntries(headers);
  if (contentType) sent['Content-Type'] = contentType;
  if (status !== 304) sent['Content-Length'] = bytes.length;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(status, sent);
      res.end(status === 304 ? undefined : bytes);
    });
  });
  server.listen(0, '127.0.0.1', () => process.send({ ready: true, port: server.address().port }));
  process.on('message', (message) => message === 'stop' && server.close(() => process.exit(0)));
});
