#!/usr/bin/env node
// `npm start` builds the web app only when its inputs changed since the last build: a second start
// with the same sources reuses dist/ and is ready in about two seconds instead of waiting for Vite.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
// Kept out of dist/, which the server serves.
const stampFile = path.join(root, 'node_modules/.cache/backdesk/web-build-inputs');
const INPUTS = ['apps/web', 'packages/contract', 'package-lock.json', 'tsconfig.base.json'];
const SKIP = new Set(['node_modules', 'dist', 'e2e', '.vite']);

function* files(entry) {
  const stat = fs.statSync(entry);
  if (stat.isFile()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(entry).sort()) {
    if (!SKIP.has(name)) yield* files(path.join(entry, name));
  }
}

/** One hash over every input file's path and bytes: any edit, addition or removal changes it. */
function inputsHash() {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(path.join(root, input))) {
      hash.update(path.relative(root, file));
      hash.update('\0');
      hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex');
}

const current = inputsHash();
const built = fs.existsSync(path.join(dist, 'index.html')) && fs.existsSync(stampFile);
if (built && fs.readFileSync(stampFile, 'utf8') === current) {
  console.log('[backdesk] the web app is built and unchanged; reusing apps/web/dist');
} else {
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  // Hashed again after the build: the router plugin may have regenerated its route tree.
  fs.mkdirSync(path.dirname(stampFile), { recursive: true });
  fs.writeFileSync(stampFile, inputsHash());
}
