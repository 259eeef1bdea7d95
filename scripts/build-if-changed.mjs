#!/usr/bin/env node
// `npm start` builds the web app and the server bundle only when their inputs changed since their last
// build: a second start with the same sources reuses both and is ready in under two seconds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SKIP = new Set(['node_modules', 'dist', 'e2e', '.vite']);
const SHARED = ['packages/contract', 'package-lock.json', 'tsconfig.base.json'];

const TARGETS = [
  {
    name: 'the web app',
    stamp: 'web-build-inputs',
    output: 'apps/web/dist/index.html',
    inputs: ['apps/web', ...SHARED],
    command: ['npm', ['run', 'build']],
  },
  {
    name: 'the server bundle',
    stamp: 'server-build-inputs',
    output: 'apps/server/dist/server.mjs',
    inputs: [
      'apps/server/src',
      'apps/server/package.json',
      'scripts/build-server.mjs',
      'packages/client',
      ...SHARED,
    ],
    command: [process.execPath, ['scripts/build-server.mjs']],
  },
];

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
function inputsHash(inputs) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of files(path.join(root, input))) {
      hash.update(path.relative(root, file));
      hash.update('\0');
      hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex');
}

for (const target of TARGETS) {
  // Kept out of the outputs' folders, which are served or run.
  const stampFile = path.join(root, 'node_modules/.cache/backdesk', target.stamp);
  const current = inputsHash(target.inputs);
  const built = fs.existsSync(path.join(root, target.output)) && fs.existsSync(stampFile);
  if (built && fs.readFileSync(stampFile, 'utf8') === current) {
    console.log(`[backdesk] ${target.name} is built and unchanged; reusing ${path.dirname(target.output)}`);
    continue;
  }
  const [command, args] = target.command;
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  // Hashed again after the build: the web router plugin may have regenerated its route tree.
  fs.mkdirSync(path.dirname(stampFile), { recursive: true });
  fs.writeFileSync(stampFile, inputsHash(target.inputs));
}
