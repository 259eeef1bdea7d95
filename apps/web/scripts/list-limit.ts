// The limit `bench:ui` prints beside `/crm/customers`' script budget: `bench/list-limit`, the thinnest
// correct customer list on the same stack, built as the app is (Vite, its brotli files) and served as
// the server serves the app, with `/api` passed to the real server. Same host, another port: the
// session cookie of the signed-in bench reaches it, so its rows are the real server's (decision 0028).
import { createReadStream, existsSync, mkdtempSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { precompressPlugin } from '../build/precompress-plugin.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '../bench/list-limit');

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

export interface LimitServer {
  url: string;
  close: () => Promise<void>;
}

/** Builds the limit page into a temporary folder and serves it beside `api` (the real server's URL). */
export async function startListLimit(api: string): Promise<LimitServer> {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'backdesk-list-limit-'));
  await build({
    root,
    configFile: false,
    logLevel: 'error',
    plugins: [react(), precompressPlugin()],
    build: { outDir: dist, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 2048 },
  });
  const target = new URL(api);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://limit');
    if (url.pathname.startsWith('/api/')) {
      const upstream = http.request(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: target.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
      return;
    }
    // Every path that is not a file is the page (client routing), as the real server answers.
    const asked = path.join(dist, path.normalize(url.pathname));
    const file =
      asked.startsWith(dist) && existsSync(asked) && statSync(asked).isFile()
        ? asked
        : path.join(dist, 'index.html');
    const brotli = /\bbr\b/.test(String(req.headers['accept-encoding'])) && existsSync(`${file}.br`);
    res.writeHead(200, {
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-cache',
      ...(brotli ? { 'Content-Encoding': 'br' } : {}),
    });
    createReadStream(brotli ? `${file}.br` : file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
