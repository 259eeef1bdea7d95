// What the server benches share (bench-customers.ts, bench-p2p.ts, bench-logs.ts, bench-load.ts;
// bench-export.ts may use it too): their common options, a data folder seeded once, the real server
// started as a child process, a staff sign-in that solves the real proof-of-work captcha, GETs timed
// over HTTP in round-robin, percentiles and tables.
// Benches measure the server as it runs in service: its own process, NODE_ENV=production, over HTTP.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { ListTotal } from '@backdesk/contract';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import pg from 'pg';
import { createDb, createPool } from '../src/db/client.ts';
import { loadDataDirSecrets, startEmbeddedDatabase } from '../src/db/embedded.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { isDemoDataPresent, type SeedOptions, seedDemoData } from '../src/db/seed/index.ts';
import { createMembersService } from '../src/modules/settings/members/members.service.ts';
import type { EventLoopReport } from '../src/plugins/event-loop-report.ts';

// BENCH_SERVER: another checkout's server.ts, to measure before and after a change on the same data.
const SERVER = process.env.BENCH_SERVER ?? path.resolve(import.meta.dirname, '../src/server.ts');
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/** The options of the list benches (node:util parseArgs): a data folder, the server's port, runs a case. */
export const LIST_BENCH_OPTIONS = {
  /** A folder kept (and seeded only once) for later runs; otherwise a temporary one. */
  'data-dir': { type: 'string' },
  port: { type: 'string', default: '0' },
  runs: { type: 'string', default: '200' },
} as const;

/**
 * Runs `work` in `kept` (a folder kept for later runs), or else in a fresh temporary folder named
 * after `prefix`, removed afterwards.
 */
export async function inDataDir<T>(
  kept: string | undefined,
  prefix: string,
  work: (dir: string) => Promise<T>,
): Promise<T> {
  const dir = kept ?? (await fs.mkdtemp(path.join(os.tmpdir(), prefix)));
  try {
    return await work(dir);
  } finally {
    if (!kept) await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Seeds the embedded PostgreSQL of `dataDir` with the demo staff and `options` (migrated first), unless
 * it already holds customers: a kept folder skips the minutes of seeding on later runs. The database
 * is stopped again, for the server to start on the same folder. Returns the customers present.
 */
export async function seedDataDir(
  dataDir: string,
  options: SeedOptions,
  log: (msg: string) => void = console.log,
): Promise<{ reused: boolean }> {
  const pg = await startEmbeddedDatabase(dataDir);
  const pool = createPool(pg.url, 4);
  try {
    await runMigrations(pool);
    if (await isDemoDataPresent(pool)) {
      log(`Reusing the data in ${dataDir}`);
      return { reused: true };
    }
    await createMembersService(createDb(pool)).seedDemoMembers();
    const started = performance.now();
    log(`Seeding ${dataDir}: ${JSON.stringify({ ...options, onProgress: undefined })}…`);
    await seedDemoData(pool, options);
    // As autovacuum would leave it soon after: statistics, and the visibility map index-only scans need.
    await pool.query('VACUUM (ANALYZE)');
    log(`  seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    return { reused: false };
  } finally {
    await pool.end();
    await pg.stop();
  }
}

/** A direct connection to the running server's PostgreSQL (it holds the folder; we read its password). */
export async function directPool(dir: string, max: number): Promise<pg.Pool> {
  const { pgPassword } = await loadDataDirSecrets(dir);
  const port = (await fs.readFile(path.join(dir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[3]!.trim();
  return new pg.Pool({
    connectionString: `postgres://postgres:${encodeURIComponent(pgPassword)}@127.0.0.1:${port}/backdesk`,
    max,
  });
}

export interface StartedServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
  /** Sends the server a signal. */
  signal(signal: NodeJS.Signals): void;
  /**
   * Sends SIGUSR2 and resolves with the event-loop report the server prints for it: the delay since
   * the previous report (plugins/event-loop-report.ts), so a first call starts a count.
   */
  eventLoop(): Promise<EventLoopReport>;
}

export interface ServerOptions {
  port: number;
  env?: Record<string, string>;
  /**
   * Where the server's standard output (its request log) is appended, as a log file in service;
   * the server is listening once the file says so. Without it, the output is read here and dropped.
   */
  logFile?: string;
  /** Each line of the server's standard error; without it, what it writes there is shown as is. */
  onStderrLine?: (line: string) => void;
}

/** How long a first start may take: it migrates and may seed the demo data. */
const START_TIMEOUT_MS = 10 * 60_000;
const LISTENING = /is listening on http:\/\/[^:]+:(\d+)/;
const EVENT_LOOP_REPORT = /^\[backdesk\] event loop (\{.*\})$/;

/**
 * `NODE_ENV=production node --import tsx apps/server/src/server.ts` on 127.0.0.1:`port` (0: any free
 * port), resolved once it says it listens. `env` adds to (and overrides) the defaults: DATA_DIR or
 * DATABASE_URL, and limits such as LIST_REQUESTS_PER_MINUTE. Stopped with SIGINT, as Ctrl-C (it stops
 * its PostgreSQL too).
 */
export async function startServer(given: ServerOptions): Promise<StartedServer> {
  // BENCH_SERVER_LOG: a file every started server appends its log to (a 5xx's reason is there).
  const options = { ...given, logFile: given.logFile ?? process.env.BENCH_SERVER_LOG };
  const log = options.logFile ? await fs.open(options.logFile, 'a') : undefined;
  const logStart = options.logFile ? (await fs.stat(options.logFile)).size : 0;
  // BENCH_NODE_ARGS: flags for the server's node, to look inside a run (`--cpu-prof --cpu-prof-dir DIR`).
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', SERVER], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST: '', // the API only
      // The server alone: no invented demo traffic beside what the bench sends.
      DEMO_ACTIVITY: '0',
      // Required in production with DATABASE_URL; an embedded folder keeps its own (its checkpoints use it).
      ...(options.env?.DATABASE_URL ? { APP_SECRET: 'bench-secret-'.padEnd(40, 'x') } : {}),
      ...options.env,
      PORT: String(options.port),
    },
    stdio: ['ignore', log ? log.fd : 'pipe', 'pipe'],
  });
  await log?.close();
  const pid = child.pid!;
  const exited = once(child, 'exit');
  // A bench that dies must not leave its server (and that server's PostgreSQL) behind.
  const killOnExit = () => child.kill('SIGINT');
  process.once('exit', killOnExit);
  const stderr = child.stderr!;
  let stderrText = '';
  stderr.on('data', (chunk: Buffer) => {
    stderrText += chunk.toString('utf8');
  });
  const reports: ((report: EventLoopReport) => void)[] = [];
  forEachLine(stderr, (line) => {
    const report = EVENT_LOOP_REPORT.exec(line);
    if (report) reports.shift()?.(JSON.parse(report[1]!) as EventLoopReport);
    else if (options.onStderrLine) options.onStderrLine(line);
    // Warnings the server prints while measured are shown, not swallowed.
    else process.stderr.write(`${line}\n`);
  });
  const port = options.logFile
    ? await listeningInFile(options.logFile, logStart, child)
    : await listeningOnPipes(child, () => stderrText);
  return {
    url: `http://127.0.0.1:${port}`,
    pid,
    signal: (signal) => child.kill(signal),
    eventLoop() {
      const report = new Promise<EventLoopReport>((resolve) => reports.push(resolve));
      child.kill('SIGUSR2');
      return report;
    },
    async stop() {
      process.off('exit', killOnExit);
      if (child.exitCode !== null) return;
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Calls `onLine` with each whole line `stream` writes. */
function forEachLine(stream: NodeJS.ReadableStream, onLine: (line: string) => void): void {
  let pending = '';
  stream.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    for (let newline = pending.indexOf('\n'); newline >= 0; newline = pending.indexOf('\n')) {
      onLine(pending.slice(0, newline));
      pending = pending.slice(newline + 1);
    }
  });
}

/** The port the server says it listens on, from its piped output. */
function listeningOnPipes(child: ChildProcess, stderrText: () => string): Promise<string> {
  let stdout = '';
  return new Promise<string>((resolve, reject) => {
    const look = () => {
      const listening = LISTENING.exec(stdout) ?? LISTENING.exec(stderrText());
      if (listening) resolve(listening[1]!);
    };
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      look();
    });
    child.stderr!.on('data', look);
    child.once('exit', (code) =>
      reject(new Error(`the server exited with ${code}:\n${stdout}${stderrText()}`)),
    );
  });
}

/** The port the server says it listens on, from what it appended to `logFile` since `from`. */
async function listeningInFile(logFile: string, from: number, child: ChildProcess): Promise<string> {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: see ${logFile}`);
    const listening = LISTENING.exec((await fs.readFile(logFile, 'utf8')).slice(from));
    if (listening) return listening[1]!;
    if (Date.now() - started > START_TIMEOUT_MS)
      throw new Error(`the server did not listen in ${START_TIMEOUT_MS / 60_000} minutes: ${logFile}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The server as the list benches start it on the data folder `dir`: one member asks far more often
 * than a person would (the per-member count still runs), and the session outlasts the bench.
 */
export function startListServer(dir: string, port: number): Promise<StartedServer> {
  return startServer({
    port,
    env: {
      DATA_DIR: dir,
      // seedDataDir seeded the folder; DEMO would also raise the demo's fraud history in the background.
      DEMO: 'false',
      LIST_REQUESTS_PER_MINUTE: '100000000',
      ACCESS_TOKEN_TTL_SECONDS: '86400',
    },
  });
}

/**
 * Signs `userName` in as the browser does (solving the captcha's proof of work) and returns the Cookie
 * header to send with every request. Demo staff share the password `backdesk-demo`.
 */
export async function signIn(url: string, userName: string, password = 'backdesk-demo'): Promise<string> {
  const challenge = (await (await fetch(`${url}/api/auth/captcha`)).json()) as Parameters<
    typeof solveChallenge
  >[0]['challenge'];
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the captcha was not solved');
  const captchaToken = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_name: userName, password, captchaToken }),
  });
  if (!res.ok) throw new Error(`sign-in as ${userName}: ${res.status} ${await res.text()}`);
  const cookies = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='));
  return cookies.join('; ');
}

// One connection kept open, as a browser keeps one: a request timed is a request, not a TCP handshake.
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/**
 * A GET read to the end; its time in ms and its body. Anything but 200 throws. `using`: the sockets
 * to send it on (several clients at once need as many sockets, or the wait for one is timed too).
 */
export function timedGet(
  url: string,
  cookie: string,
  using: http.Agent = agent,
): Promise<{ ms: number; body: Buffer }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: using, headers: { cookie } }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (chunk: Buffer) => parts.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(parts);
          if (res.statusCode !== 200)
            reject(new Error(`GET ${url}: ${res.statusCode} ${body.toString('utf8')}`));
          else resolve({ ms: performance.now() - started, body });
        });
      })
      .on('error', reject);
  });
}

export async function getJson<T>(url: string, cookie: string): Promise<T> {
  return JSON.parse((await timedGet(url, cookie)).body.toString('utf8')) as T;
}

/**
 * Every case, round-robin (run 1 of each, then run 2 of each…), so a slow second of this machine
 * falls on all cases alike; `record` gets what each measured run answered. The first `rounds.warmup`
 * rounds are not recorded: V8 optimises the server's code after some hundreds of calls, as a server in service has.
 */
export async function roundRobin<R>(
  cases: number,
  rounds: { warmup: number; runs: number },
  one: (i: number, run: number) => Promise<R>,
  record: (i: number, answer: R) => void,
): Promise<void> {
  for (let run = 0; run < rounds.warmup; run++) for (let i = 0; i < cases; i++) await one(i, run);
  for (let run = 0; run < rounds.runs; run++) for (let i = 0; i < cases; i++) record(i, await one(i, run));
}

/** A list's total as the tables show it: `≈` before an estimate. */
export const totalText = (total: ListTotal) =>
  `${total.exact ? '' : '≈'}${total.value.toLocaleString('en-US')}`;

export interface Percentiles {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles: p95 of 200 samples is the 190th fastest, a time that was measured. */
export function percentiles(samples: number[]): Percentiles {
  if (samples.length === 0) throw new Error('no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.at(-1)! };
}

/** Rows under a header, each column as wide as its widest cell; columns after the first align right. */
export function printTable(header: string[], rows: (string | number)[][]): void {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(line(cells[0]!));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of cells.slice(1)) console.log(line(r));
}

export const fmtMs = (ms: number) => ms.toFixed(1);
export const fmtMb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;

/**
 * The machine the figures were taken on: cores and load average (1 minute). Other processes sharing
 * the cores slow every case; a figure is only comparable to one taken at a similar load.
 */
export function machineLine(): string {
  const [load] = os.loadavg();
  return `${os.cpus().length} cores, load average ${load!.toFixed(1)}`;
}
