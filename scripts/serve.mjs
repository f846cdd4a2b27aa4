#!/usr/bin/env node
// A tiny static file server for the benchmark page, localhost only.
// Usage: node scripts/serve.mjs [dir=build/web] [port=8080]   (port 0: any free port)
// Node core modules only. Also importable: startServer({root, port, host}).
import { createServer } from 'node:http';
import { createReadStream, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.jsonl': 'application/x-ndjson; charset=utf-8',
  '.gz': 'application/gzip',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
};
// The same policy as index.html's <meta>; as a header it also covers the worker.
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; " +
  "connect-src 'self' data: blob:; style-src 'self'; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'";

// peer.html (Readability.js's frame) has its own policy in its <meta>: the
// page's style-src 'self' must not apply to the documents it parses.
const PEER_CSP = "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

export function startServer({ root, port = 8080, host = '127.0.0.1' } = {}) {
  const base = resolve(root);
  const server = createServer((req, res) => {
    let path;
    try {
      path = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    } catch {
      res.writeHead(400).end('bad request');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    let file = normalize(join(base, path));
    if (file !== base && !file.startsWith(base + sep)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    let st;
    try {
      st = statSync(file);
      if (st.isDirectory()) {
        file = join(file, 'index.html');
        st = statSync(file);
      }
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found');
      return;
    }
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file).toLowerCase()] || 'application/octet-stream',
      'Content-Length': st.size,
      'Cache-Control': 'no-cache',
      'Content-Security-Policy': file.endsWith(sep + 'peer.html') ? PEER_CSP : CSP,
      'X-Content-Type-Options': 'nosniff',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  return new Promise((resolveP, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: p } = server.address();
      resolveP({ server, url: `http://${host}:${p}/` });
    });
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] || join(dirname(fileURLToPath(import.meta.url)), '..', 'build', 'web');
  const port = Number(process.argv[3] ?? process.env.PORT ?? 8080);
  startServer({ root, port })
    .then(({ url }) => process.stdout.write(`serving ${resolve(root)} at ${url}  (Ctrl-C to stop)\n`))
    .catch((err) => {
      process.stderr.write(`serve: ${err.message}\n`);
      process.exit(1);
    });
}
