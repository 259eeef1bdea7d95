// npm run bench:export [-- --rows 1000000] [-- --data-dir /tmp/bench-export] [-- --runs 3] [-- --port 3300]
// Exits 1 when a case misses its target.
// Decision 0004: the customer export, CSV and XLSX, of every row of a list of `--rows` customers, downloaded
// over HTTP from the real server started as a child process (NODE_ENV=production). Per format it
// prints rows, seconds, rows/s, bytes, the server's RSS growth and the server's longest event-loop
// stall during the download, with a verdict against each target.
//
// Memory: the server's VmRSS (/proc/<pid>/status) sampled every 100 ms; growth = peak during the
// download minus the RSS just before it. RSS after all downloads is printed too (is it given back?).
// Stall: while a download runs, a probe asks the server for an unknown API path (a 404 that touches
// neither the database nor the session: pure event-loop work) every 20 ms, one at a time on a kept-alive
// connection. A request waits as long as the server's event loop is busy elsewhere, so the slowest
// probe, less the median probe when idle, bounds the longest stall from above. On a shared machine a
// probe also waits while other processes hold the CPUs: the time the server's and the bench's main
// threads waited, runnable, for a CPU during each probe (/proc/<pid>/task/<pid>/schedstat) is taken
// off; the raw figure is printed beside it, and the bench's own loop delay (perf_hooks).
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Unzip, UnzipInflate } from 'fflate';
import { fmtMb, percentiles, printTable, seedDataDir, signIn, startServer } from './bench-support.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    'data-dir': { type: 'string' },
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '3300' },
  },
});
const ROWS = Number(values.rows);
const RUNS = Number(values.runs);
const PORT = Number(values.port);
const TARGETS = {
  csv: { rowsPerSecond: 200_000 },
  xlsx: { rowsPerSecond: 100_000 },
  rssGrowthBytes: 100 * 1_048_576,
  stallMs: 50,
};
const PROBE_EVERY_MS = 20;
const RSS_EVERY_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server's resident memory, as the kernel counts it. */
async function rssOf(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/** Samples a process's RSS every 100 ms until stopped; returns the peak. */
function rssSampler(pid: number) {
  let peak = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      peak = Math.max(peak, await rssOf(pid));
      await sleep(RSS_EVERY_MS);
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return Math.max(peak, await rssOf(pid));
    },
  };
}

/** CPU time of a process, and of its main thread, in seconds (/proc, clock ticks of 10 ms). */
async function cpuOf(pid: number): Promise<{ process: number; main: number }> {
  const ticks = async (file: string) => {
    const fields = (await fs.readFile(file, 'utf8')).split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  return { process: await ticks(`/proc/${pid}/stat`), main: await ticks(`/proc/${pid}/task/${pid}/stat`) };
}

/** How long a process's main thread has waited, runnable, for a CPU (ms): the machine's cost, not its code's. */
async function runQueueWaitMs(pid: number): Promise<number> {
  const schedstat = await fs.readFile(`/proc/${pid}/task/${pid}/schedstat`, 'utf8');
  return Number(schedstat.split(' ')[1]) / 1e6;
}

const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * One probe: the time for the server to answer a request that does no I/O of its own (`ms`), and
 * that time less what the server's main thread and the bench's own waited for a CPU meanwhile,
 * taken by other processes on the machine (`loopMs`): the time the server's event loop was busy.
 */
async function probe(url: string, serverPid: number): Promise<{ ms: number; loopMs: number }> {
  const serverWait = await runQueueWaitMs(serverPid);
  const ownWait = await runQueueWaitMs(process.pid);
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    http
      .get(`${url}/api/bench-export-probe`, { agent: probeAgent }, (res) => {
        res.resume();
        res.on('end', resolve);
        res.on('error', reject);
      })
      .on('error', reject);
  });
  const ms = performance.now() - started;
  const waited =
    (await runQueueWaitMs(serverPid)) - serverWait + (await runQueueWaitMs(process.pid)) - ownWait;
  return { ms, loopMs: Math.max(0, ms - waited) };
}

/** Probes every 20 ms (one at a time) until stopped; returns every probe. */
function prober(url: string, serverPid: number) {
  const latencies: { ms: number; loopMs: number }[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      latencies.push(await probe(url, serverPid));
      await sleep(Math.max(0, PROBE_EVERY_MS - (performance.now() - started)));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return latencies;
    },
  };
}

/**
 * Downloads a URL to the end. The body is kept (an XLSX is read back afterwards to count its rows)
 * only when asked: the CSV's lines are counted on the fly with indexOf, cheap enough not to be what
 * limits the rate.
 */
function download(url: string, cookie: string, keep: boolean) {
  return new Promise<{ bytes: number; lines: number; body: Buffer[] }>((resolve, reject) => {
    http
      .get(url, { headers: { cookie } }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`GET ${url}: ${res.statusCode}`));
        let bytes = 0;
        let lines = 0;
        const body: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (keep) body.push(chunk);
          else for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
        });
        res.on('end', () => resolve({ bytes, lines, body }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** The data rows of a workbook (every sheet, header rows aside), read back with fflate's unzip. */
function xlsxRows(body: Buffer[]): number {
  let rows = 0;
  let sheets = 0;
  const unzip = new Unzip((file) => {
    if (!/^xl\/worksheets\/sheet\d+\.xml$/.test(file.name)) return;
    sheets++;
    let tail = '';
    file.ondata = (err, chunk) => {
      if (err) throw err;
      // '</row>' may be split across chunks: carry the last few characters over.
      const text = tail + Buffer.from(chunk).toString('latin1');
      for (let i = text.indexOf('</row>'); i !== -1; i = text.indexOf('</row>', i + 1)) rows++;
      tail = text.slice(-5);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  for (const [i, chunk] of body.entries()) unzip.push(chunk, i === body.length - 1);
  return rows - sheets;
}

async function main() {
  const dataDir = values['data-dir'] ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'backdesk-bench-export-')));
  await seedDataDir(dataDir, { customers: ROWS, walletTransactions: 0, trades: 1_000, offers: 200 });
  const server = await startServer({
    port: PORT,
    env: { DATA_DIR: dataDir, LIST_REQUESTS_PER_MINUTE: '100000', DEMO_CUSTOMERS: String(ROWS) },
  });
  const ownLoop = monitorEventLoopDelay({ resolution: 10 });
  try {
    const cookie = await signIn(server.url, 'admin');
    // The idle probe: what a probe costs when nothing else runs (a warm connection, warm code).
    for (let i = 0; i < 50; i++) await probe(server.url, server.pid);
    const idle: number[] = [];
    for (let i = 0; i < 100; i++) idle.push((await probe(server.url, server.pid)).ms);
    const idleMs = percentiles(idle).p50;
    const rssStart = await rssOf(server.pid);

    const results: string[][] = [];
    const verdicts: string[] = [];
    for (const format of ['csv', 'xlsx'] as const) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        const rssBefore = await rssOf(server.pid);
        const rss = rssSampler(server.pid);
        const probes = prober(server.url, server.pid);
        ownLoop.reset();
        ownLoop.enable();
        const cpuBefore = await cpuOf(server.pid);
        const started = performance.now();
        const file = await download(
          `${server.url}/api/customers/export?format=${format}`,
          cookie,
          format === 'xlsx',
        );
        const seconds = (performance.now() - started) / 1000;
        const cpuAfter = await cpuOf(server.pid);
        ownLoop.disable();
        const latencies = await probes.stop();
        const peak = await rss.stop();
        const rows = format === 'csv' ? file.lines - 1 : xlsxRows(file.body);
        runs.push({
          seconds,
          rows,
          bytes: file.bytes,
          growth: peak - rssBefore,
          rawStall: Math.max(...latencies.map((l) => l.ms)) - idleMs,
          stall: Math.max(...latencies.map((l) => l.loopMs)) - idleMs,
          probes: latencies.length,
          cpu: cpuAfter.process - cpuBefore.process,
          mainCpu: cpuAfter.main - cpuBefore.main,
          ownLoopMs: ownLoop.max / 1e6,
        });
        // The next run starts from a settled server.
        await sleep(2_000);
      }
      // Median run by time; memory and stall: the worst run.
      const median = [...runs].sort((a, b) => a.seconds - b.seconds)[Math.floor(RUNS / 2)]!;
      const rate = median.rows / median.seconds;
      const growth = Math.max(...runs.map((r) => r.growth));
      const stall = Math.max(...runs.map((r) => r.stall));
      const rawStall = Math.max(...runs.map((r) => r.rawStall));
      results.push([
        format.toUpperCase(),
        median.rows.toLocaleString('en-US'),
        median.seconds.toFixed(2),
        Math.round(rate).toLocaleString('en-US'),
        runs.map((r) => Math.round(r.rows / r.seconds).toLocaleString('en-US')).join(' / '),
        fmtMb(median.bytes),
        fmtMb(growth),
        stall.toFixed(1),
        rawStall.toFixed(1),
        String(Math.min(...runs.map((r) => r.probes))),
        Math.max(...runs.map((r) => r.ownLoopMs)).toFixed(1),
        `${median.cpu.toFixed(1)} / ${median.mainCpu.toFixed(1)}`,
      ]);
      const target = TARGETS[format].rowsPerSecond;
      const allRows = runs.every((r) => r.rows === ROWS);
      verdicts.push(
        `${format.toUpperCase()} rows: ${allRows ? 'PASS' : 'FAIL'} (every run wrote ${ROWS.toLocaleString('en-US')} rows: ${runs.map((r) => r.rows).join(', ')})`,
        `${format.toUpperCase()} speed: ${rate >= target ? 'PASS' : 'FAIL'} (${Math.round(rate).toLocaleString('en-US')} rows/s, target ≥ ${target.toLocaleString('en-US')})`,
        `${format.toUpperCase()} memory: ${growth <= TARGETS.rssGrowthBytes ? 'PASS' : 'FAIL'} (RSS growth ${fmtMb(growth)}, target ≤ ${fmtMb(TARGETS.rssGrowthBytes)})`,
        `${format.toUpperCase()} event loop: ${stall <= TARGETS.stallMs ? 'PASS' : 'FAIL'} (longest stall ≤ ${stall.toFixed(1)} ms, target ≤ ${TARGETS.stallMs} ms)`,
      );
    }
    await sleep(3_000);
    const rssEnd = await rssOf(server.pid);

    console.log(
      `\nCustomer export of ${ROWS.toLocaleString('en-US')} rows over HTTP (${RUNS} runs per format: median time; worst memory and stall)`,
    );
    printTable(
      [
        'format',
        'rows',
        's',
        'rows/s',
        'runs (rows/s)',
        'bytes',
        'RSS growth',
        'stall ms',
        'raw stall ms',
        'probes',
        'bench loop ms',
        'server CPU s / main thread',
      ],
      results,
    );
    console.log(
      `\nIdle probe ${idleMs.toFixed(1)} ms (median of 100). Server RSS ${fmtMb(rssStart)} before the exports, ${fmtMb(rssEnd)} 3 s after the last.`,
    );
    console.log(
      `stall: the slowest probe less the idle one, less the time the server's and the bench's main threads waited for a CPU meanwhile (raw: without that; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs). Server CPU: the whole process (zlib's threads included) and its main thread, median run.`,
    );
    for (const line of verdicts) console.log(line);
    if (verdicts.some((line) => line.includes(': FAIL'))) process.exitCode = 1;
  } finally {
    await server.stop();
    if (!values['data-dir']) await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
