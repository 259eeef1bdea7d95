// npm run bench:load — speed under load (decisions 0023 and 0029), over HTTP against the started server:
//   npm run bench:load [-- --duration 60] [--connections 100] [--port 3200] [--data-dir DIR]
//                      [--section all|targets|pairs] [--pairs 5]
// The real server (NODE_ENV=production node --import tsx apps/server/src/server.ts) starts as a child
// process on the demo data, seeded by the server itself in a fresh temporary folder (--data-dir keeps
// a folder for reruns), an admin signs in through the real proof-of-work captcha, then autocannon, in this process,
// loads each endpoint in turn with 100 connections, sending Accept-Encoding as a browser does:
//   - the floor: GET /api/auth/credentials, the signed-in member (a session lookup and a small answer);
//   - the customer list's first page (default sort), and the enriched pending P2P trades' first page.
// Around each run the server is sent SIGUSR2 and reports its event-loop delay for the run on standard
// error (plugins/event-loop-report.ts). Its request log goes to server.log in the data folder, as a
// log file would in service.
// Then the pairs (decision 0029): the customer list's first page from the real server beside the same
// page from a minimal Fastify + pg handler (bench-load-minimal.ts, its own process on the same
// database, the same statements, JSON, compression and headers), alternated --pairs times with the
// same connections, each pair printed with the medians and the verdict (≥ 0.95 of the minimal's
// throughput, ≤ 1.1× its p99). Each process's CPU a request is read from /proc around each run.
// Exits 0 whatever the verdicts say; the verdicts say it honestly.
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import type { EventLoopReport } from '../src/plugins/event-loop-report.ts';
import { runPairs } from './bench-load-pairs.ts';
import { machineLine, printTable, type StartedServer, signIn, startServer } from './bench-support.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '100' },
    warmup: { type: 'string', default: '5' },
    port: { type: 'string', default: '3200' },
    'data-dir': { type: 'string' },
    section: { type: 'string', default: 'all' },
    pairs: { type: 'string', default: '5' },
  },
});
const SECTION = values.section;
if (!['all', 'targets', 'pairs'].includes(SECTION))
  throw new Error(`--section all, targets or pairs: ${SECTION}`);
const PAIRS = Number(values.pairs);
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const WARMUP = Number(values.warmup);
const PORT = Number(values.port);

/** The targets of decision 0023; "today" is what was measured before that work. */
const TARGETS = {
  p99RatioToFloor: 1.5,
  customersPerSecond: 2 * 750,
  p2pPerSecond: 2 * 570,
  eventLoopP99Ms: 50,
};

const ACCEPT_ENCODING = 'gzip, br';

interface Target {
  name: string;
  path: string;
}
const FLOOR: Target = { name: 'credentials (floor)', path: '/api/auth/credentials' };
const CUSTOMERS: Target = { name: 'customer list', path: '/api/customers/get-users?limit=50' };
const P2P: Target = {
  name: 'P2P pending page',
  path: '/api/transactions/p2p/trades?status=pending&limit=50',
};

interface Server extends StartedServer {
  logFile: string;
}

/**
 * Starts the server as `npm start` does, on PORT with its own data folder. Limits a person never
 * reaches are raised so one member's thousands of requests a second are not refused with 429; every
 * request is still counted in PostgreSQL, as in service. The log level is the default (info), and the
 * request log goes to server.log in the data folder.
 */
async function startLoadServer(dataDir: string): Promise<Server> {
  const logFile = path.join(dataDir, 'server.log');
  const server = await startServer({
    port: PORT,
    env: {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      LIST_REQUESTS_PER_MINUTE: '1000000000',
      AUTH_REQUESTS_PER_MINUTE: '10000',
      ACCESS_TOKEN_TTL_SECONDS: String(24 * 60 * 60),
    },
    logFile,
    onStderrLine: (line) => process.stderr.write(`server: ${line}\n`),
  });
  return { ...server, logFile };
}

/** One request as the browser makes it: its status, Content-Encoding and size on the wire. */
function probe(url: string, cookie: string): Promise<{ status: number; encoding: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { cookie, 'accept-encoding': ACCEPT_ENCODING } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            encoding: String(res.headers['content-encoding'] ?? 'none'),
            bytes,
          }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

interface Measured {
  target: Target;
  result: autocannon.Result;
  eventLoop: EventLoopReport;
  encoding: string;
  bytes: number;
}

async function load(server: Server, target: Target, cookie: string, seconds: number) {
  return autocannon({
    url: `${server.url}${target.path}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { cookie, 'accept-encoding': ACCEPT_ENCODING },
  });
}

async function measure(server: Server, target: Target, cookie: string): Promise<Measured> {
  const { status, encoding, bytes } = await probe(`${server.url}${target.path}`, cookie);
  if (status !== 200) throw new Error(`${target.path} answered ${status}`);
  process.stdout.write(`${target.name}: ${WARMUP} s warm-up, ${DURATION} s measured… `);
  // Warm-up: V8 optimises the server's code after its first thousands of calls, as in service.
  if (WARMUP > 0) await load(server, target, cookie, WARMUP);
  await server.eventLoop(); // starts the count for this run
  const result = await load(server, target, cookie, DURATION);
  const eventLoop = await server.eventLoop();
  console.log(`${Math.round(result.requests.average).toLocaleString('en-US')} req/s`);
  return { target, result, eventLoop, encoding, bytes };
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

function report(runs: Measured[]) {
  const floor = runs[0]!;
  console.log(
    `\nBackdesk under load: ${CONNECTIONS} connections, ${DURATION} s each (after ${WARMUP} s of warm-up), ` +
      `Accept-Encoding "${ACCEPT_ENCODING}". Latency in ms.`,
  );
  console.log(
    `This machine has ${os.cpus().length} cores: the server (its own process, NODE_ENV=production, log at info to ` +
      'a file) and its PostgreSQL share them with autocannon (this process), so the figures are lower than on a ' +
      'server of its own.\n',
  );
  printTable(
    [
      'endpoint',
      'req/s',
      'p50',
      'p97.5',
      'p99',
      'max',
      'errors',
      'non-2xx',
      'bytes/s',
      'body',
      'p99/floor',
      'loop p99',
      'loop busy',
    ],
    runs.map((m) => [
      m.target.name,
      int(m.result.requests.average),
      m.result.latency.p50,
      m.result.latency.p97_5,
      m.result.latency.p99,
      m.result.latency.max,
      m.result.errors,
      m.result.non2xx,
      kb(m.result.throughput.average),
      `${m.bytes} B ${m.encoding}`,
      `${(m.result.latency.p99 / floor.result.latency.p99).toFixed(2)}×`,
      m.eventLoop.delayMs.p99,
      `${Math.round(m.eventLoop.utilisation * 100)} %`,
    ]),
  );

  const verdicts: [string, boolean, string][] = [];
  const failed = runs.map((m) => m.result.errors + m.result.non2xx);
  verdicts.push([
    '0 errors',
    failed.every((n) => n === 0),
    runs.map((m) => `${m.target.name} ${m.result.errors} errors, ${m.result.non2xx} non-2xx`).join('; '),
  ]);
  for (const m of runs.slice(1)) {
    const ratio = m.result.latency.p99 / floor.result.latency.p99;
    verdicts.push([
      `${m.target.name} p99 ≤ ${TARGETS.p99RatioToFloor}× the floor's`,
      ratio <= TARGETS.p99RatioToFloor,
      `${m.result.latency.p99} ms against ${floor.result.latency.p99} ms: ${ratio.toFixed(2)}×`,
    ]);
  }
  for (const [m, min] of [
    [runs[1]!, TARGETS.customersPerSecond],
    [runs[2]!, TARGETS.p2pPerSecond],
  ] as const) {
    verdicts.push([
      `${m.target.name} ≥ ${int(min)} req/s (double today's)`,
      m.result.requests.average >= min,
      `${int(m.result.requests.average)} req/s`,
    ]);
  }
  verdicts.push([
    `event-loop delay p99 < ${TARGETS.eventLoopP99Ms} ms`,
    runs.every((m) => m.eventLoop.delayMs.p99 < TARGETS.eventLoopP99Ms),
    runs.map((m) => `${m.target.name} ${m.eventLoop.delayMs.p99} ms`).join('; '),
  ]);
  verdicts.push([
    'JSON lists compressed',
    runs.slice(1).every((m) => m.encoding !== 'none'),
    runs.map((m) => `${m.target.name}: ${m.encoding}, ${m.bytes} B`).join('; '),
  ]);
  console.log('');
  for (const [name, pass, figures] of verdicts) console.log(`${pass ? 'PASS' : 'FAIL'}  ${name}: ${figures}`);
}

async function main() {
  const kept = values['data-dir'];
  const dataDir = kept ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'backdesk-bench-load-')));
  await fs.mkdir(dataDir, { recursive: true });
  try {
    console.log(
      `Starting the server on port ${PORT} with the demo data in ${dataDir} (seeded on a first start)…`,
    );
    const server = await startLoadServer(dataDir);
    try {
      console.log(`Server pid ${server.pid}, log ${server.logFile}`);
      const cookie = await signIn(server.url, 'admin');
      console.log(machineLine());
      if (SECTION !== 'pairs') {
        const runs: Measured[] = [];
        for (const target of [FLOOR, CUSTOMERS, P2P]) runs.push(await measure(server, target, cookie));
        report(runs);
      }
      if (SECTION !== 'targets')
        await runPairs({
          real: server,
          dataDir,
          port: PORT + 1,
          path: CUSTOMERS.path,
          cookie,
          pairs: PAIRS,
          seconds: DURATION,
          warmup: WARMUP,
          connections: CONNECTIONS,
          acceptEncoding: ACCEPT_ENCODING,
        });
    } finally {
      await server.stop();
    }
  } finally {
    if (!kept) await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
