#!/usr/bin/env node
// Bundles the server's TypeScript (and the contract's) into apps/server/dist/server.mjs (and its ingestion thread into ingest-worker.mjs), which
// `npm start` runs with plain node: compiling every module through tsx at each start took about a
// second of the two a start takes. npm packages stay outside the bundle, loaded from node_modules as
// usual. The browser tests run it too (what ships is what they test); the other tests, benches and
// `npm run dev` keep running the sources through tsx.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const manifests = ['package.json', 'apps/server/package.json', 'packages/contract/package.json'];
const packages = new Set(
  manifests.flatMap((file) => {
    const manifest = JSON.parse(readFileSync(path.join(root, file), 'utf8'));
    return [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})];
  }),
);
// The workspace's own packages are TypeScript: bundled, not loaded.
packages.delete('@backdesk/contract');
packages.delete('@backdesk/client');

await build({
  absWorkingDir: root,
  // The server, and the ingestion thread it starts beside itself (decision 0025).
  entryPoints: { server: 'apps/server/src/server.ts', 'ingest-worker': 'apps/server/src/ingest-worker.ts' },
  outdir: 'apps/server/dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: [...packages].flatMap((name) => [name, `${name}/*`]),
  // A stack trace names the source lines (node --enable-source-maps).
  sourcemap: 'linked',
  logLevel: 'warning',
});
