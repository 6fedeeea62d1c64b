#!/usr/bin/env node
// Benchmark child: the baseline, a bare node:http server answering every request with the given bytes.
'use strict';

const http = require('http');

process.once('message', ({ body, contentType }) => {
  const bytes = Buffer.from(body, 'base64');
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': bytes.length });
    res.end(bytes);
  });
  server.listen(0, '127.0.0.1', () => process.send({ ready: true, port: server.address().port }));
  process.on('message', (message) => message === 'stop' && server.close(() => process.exit(0)));
});
