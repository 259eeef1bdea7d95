// bench:load's pairs (docs/decisions/0029-request-cost.md): the real server's customer list beside the
// minimal handler of bench-load-minimal.ts, run after each other in pairs under the same connections,
// so a slow minute of this shared machine falls on both sides of a pair.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { machineLine, printTable, type StartedServer } from './bench-support.ts';

const MINIMAL = path.resolve(import.meta.dirname, 'bench-load-minimal.ts');

/** Issue 40's verdict: the real list's median throughput and p99 against the minimal handler's. */
export const PAIR_TARGETS = { throughputRatio: 0.95, p99Ratio: 1.1 };

/** Headers that differ between any two answers (the time, the connection's own). */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'content-length']);

interface Side {
  url: string;
  pid: number;
}

interface MinimalHandler extends Side {
  stop(): Promise<void>;
}

/** The minimal handler as its own process on the database of the server running in `dataDir`. */
async function startMinimal(dataDir: string, port: number): Promise<MinimalHandler> {
  const nodeArgs = process.env.BENCH_MINIMAL_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', MINIMAL], {
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const killOnExit = () => child.kill('SIGINT');
  process.once('exit', killOnExit);
  const exited = once(child, 'exit');
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const listening = /listening on (http:\/\/\S+)/.exec(out);
      if (listening) resolve(listening[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the minimal handler exited with ${code}: ${out}`)));
  });
  return {
    url,
    pid: child.pid!,
    async stop() {
      process.off('exit', killOnExit);
      if (child.exitCode !== null) return;
      child.kill('SIGINT');
      await exited;
    },
  };
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  /** The body after decompression. */
  body: Buffer;
  encoding: string;
}

/** One GET as the bench sends it, its body decompressed. */
function answer(url: string, cookie: string, acceptEncoding: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { cookie, 'accept-encoding': acceptEncoding } }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (chunk: Buffer) => parts.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(parts);
          const encoding = String(res.headers['content-encoding'] ?? 'none');
          const body =
            encoding === 'br'
              ? zlib.brotliDecompressSync(raw)
              : encoding === 'gzip'
                ? zlib.gunzipSync(raw)
                : raw;
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers))
            if (!PER_ANSWER.has(name)) headers[name] = String(value);
          resolve({ status: res.statusCode ?? 0, headers, body, encoding });
        });
      })
      .on('error', reject);
  });
}

/**
 * The same page from both, compared: the bodies byte for byte after decompression, and every header
 * but the per-answer ones. A difference ends the bench: the pair would compare different work.
 */
export async function sameAnswer(real: string, minimal: string, cookie: string, acceptEncoding: string) {
  const [a, b] = await Promise.all([
    answer(real, cookie, acceptEncoding),
    answer(minimal, cookie, acceptEncoding),
  ]);
  if (a.status !== 200 || b.status !== 200)
    throw new Error(`the pair's page answered ${a.status} (real) and ${b.status} (minimal)`);
  if (!a.body.equals(b.body)) {
    const at = [...a.body].findIndex((byte, i) => byte !== b.body[i]);
    throw new Error(
      `the minimal handler's JSON differs from the real server's at byte ${at}:\n` +
        `real:    …${a.body.subarray(Math.max(0, at - 80), at + 80).toString('utf8')}…\n` +
        `minimal: …${b.body.subarray(Math.max(0, at - 80), at + 80).toString('utf8')}…`,
    );
  }
  const names = new Set([...Object.keys(a.headers), ...Object.keys(b.headers)]);
  const differing = [...names].filter((n) => a.headers[n] !== b.headers[n]);
  if (differing.length)
    throw new Error(
      `the minimal handler's headers differ from the real server's: ${differing
        .map((n) => `${n}: ${a.headers[n] ?? '—'} / ${b.headers[n] ?? '—'}`)
        .join('; ')}`,
    );
  return { bytes: a.body.length, encoding: a.encoding, headers: Object.keys(a.headers).length };
}

const TICKS_PER_SECOND = 100; // Linux's USER_HZ, what /proc/<pid>/stat counts in

/**
 * CPU time a process has used, user and system, in ms (from /proc; Linux); with `mainThread`, its
 * JavaScript thread's alone (the rest: the garbage collector's helpers, libuv's pool, workers).
 */
function cpuMs(pid: number, mainThread = false): number {
  const stat = fs.readFileSync(mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

interface Run {
  perSecond: number;
  p99: number;
  p50: number;
  errors: number;
  /** The server process's CPU per request, in ms. */
  cpuMs: number;
  /** Its JavaScript thread's share of that. */
  mainMs: number;
  load: number;
}

export interface PairOptions {
  real: StartedServer;
  dataDir: string;
  /** The minimal handler's port. */
  port: number;
  path: string;
  cookie: string;
  pairs: number;
  seconds: number;
  warmup: number;
  connections: number;
  acceptEncoding: string;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const int = (n: number) => Math.round(n).toLocaleString('en-US');

export async function runPairs(o: PairOptions): Promise<void> {
  const minimal = await startMinimal(o.dataDir, o.port);
  try {
    const realUrl = `${o.real.url}${o.path}`;
    const minimalUrl = `${minimal.url}${o.path}`;
    const same = await sameAnswer(realUrl, minimalUrl, o.cookie, o.acceptEncoding);
    console.log(
      `\nPairs: ${o.path}, the real server (pid ${o.real.pid}) beside the minimal handler (pid ${minimal.pid}): ` +
        `the same ${int(same.bytes)} bytes of JSON (${same.encoding}) and the same ${same.headers} headers.`,
    );
    const load = (url: string, seconds: number) =>
      autocannon({
        url,
        connections: o.connections,
        duration: seconds,
        headers: { cookie: o.cookie, 'accept-encoding': o.acceptEncoding },
      });
    const run = async (side: Side, url: string): Promise<Run> => {
      const [cpuBefore, mainBefore] = [cpuMs(side.pid), cpuMs(side.pid, true)];
      const result = await load(url, o.seconds);
      const [cpu, main] = [cpuMs(side.pid) - cpuBefore, cpuMs(side.pid, true) - mainBefore];
      return {
        perSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx,
        cpuMs: cpu / Math.max(1, result.requests.total),
        mainMs: main / Math.max(1, result.requests.total),
        load: os.loadavg()[0]!,
      };
    };
    // What each process spends with no request at all (the real server's job runner, timers): in
    // each run's CPU a request, so it is said apart.
    const IDLE_MS = 3000;
    const idleBefore = [cpuMs(o.real.pid), cpuMs(minimal.pid)];
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const idle = [cpuMs(o.real.pid) - idleBefore[0]!, cpuMs(minimal.pid) - idleBefore[1]!];
    console.log(
      `idle, with no request: real ${((idle[0]! * 1000) / IDLE_MS).toFixed(0)} ms of CPU a second, ` +
        `minimal ${((idle[1]! * 1000) / IDLE_MS).toFixed(0)} ms a second (over ${IDLE_MS / 1000} s)`,
    );
    if (o.warmup > 0) {
      process.stdout.write(`warm-up: ${o.warmup} s each… `);
      await load(realUrl, o.warmup);
      await load(minimalUrl, o.warmup);
      console.log('done');
    }
    const pairs: { real: Run; minimal: Run }[] = [];
    for (let i = 0; i < o.pairs; i++) {
      const real = await run(o.real, realUrl);
      const min = await run(minimal, minimalUrl);
      pairs.push({ real, minimal: min });
      console.log(
        `pair ${i + 1}/${o.pairs}: real ${int(real.perSecond)} req/s p99 ${real.p99} ms, ` +
          `minimal ${int(min.perSecond)} req/s p99 ${min.p99} ms: ${(real.perSecond / min.perSecond).toFixed(3)} ` +
          `of its throughput, ${(real.p99 / min.p99).toFixed(2)}× its p99 (load average ${real.load.toFixed(1)}, ${min.load.toFixed(1)})`,
      );
    }
    report(o, pairs);
  } finally {
    await minimal.stop();
  }
}

function report(o: PairOptions, pairs: { real: Run; minimal: Run }[]) {
  console.log(
    `\n${o.pairs} pairs of ${o.seconds} s, ${o.connections} connections, Accept-Encoding "${o.acceptEncoding}"; ` +
      `${machineLine()}. Latency in ms, CPU in ms of the server process a request.\n`,
  );
  const rows = pairs.flatMap((p, i) =>
    (['real', 'minimal'] as const).map((side) => {
      const r = p[side];
      return [
        `${i + 1} ${side}`,
        int(r.perSecond),
        r.p50,
        r.p99,
        r.cpuMs.toFixed(3),
        r.mainMs.toFixed(3),
        r.errors,
        r.load.toFixed(1),
      ];
    }),
  );
  printTable(['pair', 'req/s', 'p50', 'p99', 'CPU/req', 'main thread', 'errors', 'load'], rows);
  const med = (side: 'real' | 'minimal', key: 'perSecond' | 'p99' | 'cpuMs' | 'mainMs') =>
    median(pairs.map((p) => p[side][key]));
  const throughput = med('real', 'perSecond') / med('minimal', 'perSecond');
  const p99 = med('real', 'p99') / med('minimal', 'p99');
  // Each pair's own ratio too: a pair shares a minute of this machine, so its ratio is steadier than
  // either side's figures when other work comes and goes. The verdict asks both to pass.
  const pairThroughput = median(pairs.map((p) => p.real.perSecond / p.minimal.perSecond));
  const pairP99 = median(pairs.map((p) => p.real.p99 / p.minimal.p99));
  const pairCpu = median(pairs.map((p) => p.real.cpuMs / p.minimal.cpuMs));
  const cpu = med('real', 'cpuMs') / med('minimal', 'cpuMs');
  console.log(
    `\nmedians: real ${int(med('real', 'perSecond'))} req/s, p99 ${med('real', 'p99')} ms, ` +
      `CPU ${med('real', 'cpuMs').toFixed(3)} ms/req; minimal ${int(med('minimal', 'perSecond'))} req/s, ` +
      `p99 ${med('minimal', 'p99')} ms, CPU ${med('minimal', 'cpuMs').toFixed(3)} ms/req; ` +
      `CPU a request ${cpu.toFixed(2)}× the minimal's (its JavaScript thread: ${med('real', 'mainMs').toFixed(3)} ` +
      `against ${med('minimal', 'mainMs').toFixed(3)} ms/req)`,
  );
  console.log(
    `median of the pairs' ratios: ${pairThroughput.toFixed(3)} of the throughput, ${pairP99.toFixed(2)}× the p99, ` +
      `${pairCpu.toFixed(2)}× the CPU a request`,
  );
  const errors = pairs.reduce((n, p) => n + p.real.errors + p.minimal.errors, 0);
  const verdicts: [string, boolean, string][] = [
    [
      `customer list ≥ ${PAIR_TARGETS.throughputRatio} of the minimal handler's throughput (medians, and the pairs' median ratio)`,
      Math.min(throughput, pairThroughput) >= PAIR_TARGETS.throughputRatio,
      `${throughput.toFixed(3)}, ${pairThroughput.toFixed(3)}`,
    ],
    [
      `customer list p99 ≤ ${PAIR_TARGETS.p99Ratio}× the minimal handler's (medians, and the pairs' median ratio)`,
      Math.max(p99, pairP99) <= PAIR_TARGETS.p99Ratio,
      `${p99.toFixed(2)}×, ${pairP99.toFixed(2)}×`,
    ],
    ['pairs without errors', errors === 0, `${errors} errors or non-2xx`],
  ];
  console.log('');
  for (const [name, pass, figures] of verdicts) console.log(`${pass ? 'PASS' : 'FAIL'}  ${name}: ${figures}`);
}
