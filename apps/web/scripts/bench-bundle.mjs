#!/usr/bin/env node
// Prints, per route, the gzipped JavaScript a first visit to that route needs before it is
// interactive: the entry with its static imports, the startup locale files, and the route's own
// chunks (and its layouts') with their static imports — each file counted once. That table reads the
// build's manifest, so it cannot see chunks the page imports on demand while starting (the contract,
// the captcha worker…). The verdict therefore comes from Chromium itself: the real server serves the
// build, Chromium opens /login, and every script it fetches until the sign-in form is interactive and
// the network is then quiet for a second is counted as transferred (compressed) bytes. "Interactive"
// means the form is rendered and usable: its captcha is verified, so Sign in is enabled. Waiting for
// the quiet network also counts what loads just after (the build check at 1 s), so the figure is
// an upper bound. Exits 1 when it exceeds the /login budget. Builds first when dist/ is missing.
import { execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const LOGIN_BUDGET_KB = 150;
/** Namespaces i18n loads before the first screen (src/app/i18n.ts), in the default language. */
// The namespaces loaded at start are listed in src/app/i18n.ts; feature namespaces load with their pages.
const startupNamespaces = /export const NAMESPACES = \[([^\]]+)\]/
  .exec(readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../src/app/i18n.ts'), 'utf8'))?.[1]
  .match(/'([^']+)'/g)
  ?.map((quoted) => quoted.slice(1, -1));
if (!startupNamespaces?.length) throw new Error('NAMESPACES not found in src/app/i18n.ts');
const STARTUP_LOCALE = new RegExp(`^src/locales/en/(${startupNamespaces.join('|')})\\.json$`);

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(webRoot, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');

if (!existsSync(manifestPath)) {
  console.log('No build found, building the web app first…');
  execSync('npx vite build', { cwd: webRoot, stdio: 'inherit' });
}

/** @type {Record<string, {file: string, imports?: string[], isEntry?: boolean}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const gzipSizes = new Map();
const gzipSize = (file) => {
  // The server sends the build's precompressed .gz file when there is one (see build/precompress-plugin.ts).
  const precompressed = join(dist, `${file}.gz`);
  const size = existsSync(precompressed)
    ? statSync(precompressed).size
    : gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  if (!gzipSizes.has(file)) gzipSizes.set(file, size);
  return gzipSizes.get(file);
};

/** A chunk's file plus everything it imports statically, transitively. */
function staticClosure(key, files = new Set(), seen = new Set()) {
  if (seen.has(key)) return files;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return files;
  if (chunk.file.endsWith('.js')) files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, files, seen);
  return files;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('The manifest has no entry chunk');
const startupKeys = [entryKey, ...Object.keys(manifest).filter((key) => STARTUP_LOCALE.test(key))];

// Route chunks are keyed "src/routes/<file>.tsx?tsr-split=…" (lazy parts) or without the query.
const chunksByRouteFile = new Map();
for (const key of Object.keys(manifest)) {
  const match = /^src\/routes\/(.+\.tsx)(\?.*)?$/.exec(key);
  if (!match) continue;
  const list = chunksByRouteFile.get(match[1]) ?? [];
  list.push(key);
  chunksByRouteFile.set(match[1], list);
}

const isLayout = (file) => file === '__root.tsx' || file === '_app.tsx' || file.endsWith('/route.tsx');

/** Layout files wrapping a route file: `_app.tsx` and any `<dir>/route.tsx` above it. */
function layoutsOf(file) {
  const parts = file.split('/').slice(0, -1);
  const layouts = ['__root.tsx'];
  for (let depth = 1; depth <= parts.length; depth += 1) {
    const dir = parts.slice(0, depth).join('/');
    layouts.push(`${dir}.tsx`, `${dir}/route.tsx`);
  }
  return layouts.filter((layout) => chunksByRouteFile.has(layout));
}

const toPath = (file) =>
  `/${file
    .replace(/\.tsx$/, '')
    .split('/')
    .filter((segment) => !segment.startsWith('_') && segment !== 'index')
    .join('/')}`;

/** Every route file, also one whose code lives in the entry chunk (no chunk of its own). */
function routeFiles(dir = join(webRoot, 'src/routes'), prefix = '') {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? routeFiles(join(dir, entry.name), `${prefix}${entry.name}/`)
      : entry.name.endsWith('.tsx')
        ? [`${prefix}${entry.name}`]
        : [],
  );
}

const rows = routeFiles()
  .filter((file) => !isLayout(file))
  .map((file) => {
    const files = new Set();
    for (const key of startupKeys) staticClosure(key, files);
    for (const routeFile of [...layoutsOf(file), file]) {
      for (const key of chunksByRouteFile.get(routeFile) ?? []) staticClosure(key, files);
    }
    const bytes = [...files].reduce((sum, f) => sum + gzipSize(f), 0);
    return { path: toPath(file), files: files.size, kb: bytes / 1024 };
  })
  .sort((a, b) => a.path.localeCompare(b.path));

const width = Math.max(...rows.map((row) => row.path.length), 5);
console.log(`${'route'.padEnd(width)}  chunks  gzip KB`);
for (const row of rows) {
  console.log(
    `${row.path.padEnd(width)}  ${String(row.files).padStart(6)}  ${row.kb.toFixed(1).padStart(7)}`,
  );
}

const login = rows.find((row) => row.path === '/login');
if (!login) throw new Error('No /login route chunk in the manifest');
console.log(
  `\n/login by the manifest: ${login.kb.toFixed(1)} KB in ${login.files} files (static imports only).`,
);

const fetched = await measureLoginInChromium();
console.log(`/login in Chromium: ${fetched.files.length} scripts fetched before the form was ready:`);
for (const file of fetched.files)
  console.log(`  ${(file.bytes / 1024).toFixed(1).padStart(6)} KB  ${file.url}`);
const kb = fetched.bytes / 1024;
const verdict = kb <= LOGIN_BUDGET_KB ? 'within' : 'OVER';
console.log(
  `\n/login: Chromium fetched ${kb.toFixed(1)} KB of compressed JavaScript before it was interactive: ${verdict} the ${LOGIN_BUDGET_KB} KB budget.`,
);
process.exit(kb <= LOGIN_BUDGET_KB ? 0 : 1);

/**
 * Starts the real server on a throw-away embedded database (a small demo data set), opens /login in
 * Chromium, waits until the sign-in form is filled in by the captcha's worker and the network has
 * been quiet for a second, and sums the transferred size of every script (documents' modules and
 * workers alike).
 */
async function measureLoginInChromium() {
  const { chromium } = await import('playwright-core');
  const repoRoot = join(webRoot, '../..');
  const dataDir = mkdtempSync(join(tmpdir(), 'backdesk-bench-bundle-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO_CUSTOMERS: '50',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let browser;
  try {
    const url = await new Promise((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 60_000);
      const read = (chunk) => {
        output += chunk;
        const match = /listening on (http:\/\/\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1].replace('localhost', '127.0.0.1'));
        }
      };
      server.stdout.on('data', read);
      server.stderr.on('data', read);
      server.once('exit', (code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
    });
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = [];
    let lastRequestAt = Date.now();
    context.on('request', () => {
      lastRequestAt = Date.now();
    });
    context.on('requestfinished', async (request) => {
      const path = new URL(request.url()).pathname;
      if (!path.endsWith('.js')) return;
      const sizes = await request.sizes();
      scripts.push({ url: path, bytes: sizes.responseBodySize });
    });
    await page.goto(new URL('/login', url).toString());
    await page.locator('[data-testid="captcha"][data-status="verified"]').waitFor({ timeout: 60_000 });
    while (Date.now() - lastRequestAt < 1000) await new Promise((r) => setTimeout(r, 100));
    scripts.sort((a, b) => b.bytes - a.bytes);
    return { files: scripts, bytes: scripts.reduce((sum, f) => sum + f.bytes, 0) };
  } finally {
    await browser?.close();
    server.kill('SIGINT');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
