import { type ChildProcess, spawn } from 'node:child_process';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedDatabase } from './embedded.ts';

const CHILD = path.join(import.meta.dirname, 'restart-after-kill.child.ts');
const ROUNDS = 20;
/** Committed writes a round waits for before the kill. */
const ACKS_BEFORE_KILL = 5;
/** The first round creates the cluster (initdb); the others recover it from the crash. */
const ROUND_TIMEOUT_MS = 30_000;

interface Round {
  child: ChildProcess;
  acknowledged: number[];
  /** Lines other than acks ("started", "failed …"), and stderr, for the failure message. */
  output: string[];
  closed: Promise<void>;
}

/** Every child of this file and every folder, to stop and remove at the end whatever happened. */
const children: Round[] = [];
const dirs: string[] = [];

/**
 * Runs the child as `npm start` runs the server: under a shell that leads the process group (the
 * `; :` keeps sh from exec-ing node), so that a kill of the group leaves Node's parent dead too and
 * the killed Node waits, a zombie, for whoever adopts it to reap it.
 */
function startRound(dataDir: string, round: number, mode = ''): Round {
  const child = spawn(
    'sh',
    ['-c', '"$0" --import tsx "$1" "$2" "$3" $4; :', process.execPath, CHILD, dataDir, String(round), mode],
    { detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const acknowledged: number[] = [];
  const output: string[] = [];
  let partial = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? ''; // a line cut by the kill was never acknowledged
    for (const line of lines) {
      if (line.startsWith('ack ')) acknowledged.push(Number(line.slice(4)));
      else output.push(line);
    }
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk));
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const started = { child, acknowledged, output, closed };
  children.push(started);
  return started;
}

/** Resolves once `done` holds after some output; rejects when the child ends or time runs out first. */
function outputUntil(round: Round, done: () => boolean, what: string, timeoutMs = ROUND_TIMEOUT_MS) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`no ${what} within ${timeoutMs} ms`)), timeoutMs);
    const check = () => {
      if (done()) finish();
    };
    const ended = () => finish(new Error(`the child ended before ${what}`));
    function finish(err?: Error) {
      clearTimeout(timer);
      round.child.stdout?.off('data', check);
      round.child.off('close', ended);
      if (err) reject(new Error(`${err.message}:\n${round.output.join('\n')}`));
      else resolve();
    }
    round.child.stdout?.on('data', check);
    round.child.on('close', ended);
    check();
  });
}

const acknowledgedWrites = (round: Round, count: number) =>
  outputUntil(round, () => round.acknowledged.length >= count, `${count} acknowledged writes`);

const killGroup = (child: ChildProcess) => {
  try {
    process.kill(-(child.pid as number), 'SIGKILL');
  } catch {
    // already gone
  }
};

/** `promise`, or a rejection naming `what` once `ms` have passed. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} not within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The backend a `busy` child keeps running, once it has said so. */
function busyBackend(round: Round): number | undefined {
  const line = round.output.find((l) => l.startsWith('busy '));
  return line ? Number(line.slice(5)) : undefined;
}

const isPostgres = (pid: number) => {
  try {
    return fsSync.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    return false;
  }
};

const tempDir = async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'backdesk-restart-after-kill-'));
  dirs.push(dir);
  return dir;
};

afterAll(async () => {
  for (const { child } of children) killGroup(child);
  // A busy backend is in a session of its own, out of its group's reach (its statement times out in 20 s).
  for (const pid of children.map(busyBackend)) if (pid && isPostgres(pid)) process.kill(pid, 'SIGKILL');
  await within(Promise.all(children.map((r) => r.closed)), 10_000, 'children closed').catch(() => {});
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

describe('embedded PostgreSQL after kill -9', () => {
  it(`starts cleanly ${ROUNDS} times in a row, each right after a kill -9 of the whole group, and loses no acknowledged write`, async () => {
    const dataDir = await tempDir();
    const rounds: Round[] = [];
    for (let n = 1; n <= ROUNDS; n++) {
      const round = startRound(dataDir, n);
      rounds.push(round);
      await acknowledgedWrites(round, ACKS_BEFORE_KILL).catch((err: Error) => {
        throw new Error(`start ${n} of ${ROUNDS}: ${err.message}`);
      });
      killGroup(round.child);
    }
    // Acks already printed when the kill came are still in the pipes.
    await within(Promise.all(rounds.map((r) => r.closed)), 10_000, 'killed children closed');

    const db = await startEmbeddedDatabase(dataDir, () => {});
    try {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const { rows } = await client.query<{ id: string }>('SELECT id FROM acknowledged_writes');
      await client.end();
      const stored = new Set(rows.map((r) => Number(r.id)));
      const acknowledged = rounds.flatMap((r) => r.acknowledged);
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      expect(acknowledged.length).toBeGreaterThanOrEqual(ROUNDS * ACKS_BEFORE_KILL);
    } finally {
      await db.stop();
    }
  }, 90_000);

  it('stops a backend the kill left busy with a statement, which kept PostgreSQL from starting', async () => {
    const dataDir = await tempDir();
    const busy = startRound(dataDir, 1, 'busy');
    await outputUntil(busy, () => busyBackend(busy) !== undefined, 'a busy backend');
    killGroup(busy.child);

    const next = startRound(dataDir, 2);
    await acknowledgedWrites(next, 1);
    expect(next.output.join('')).toContain(`(SIGTERM, pids ${busyBackend(busy)})`);
    killGroup(next.child);
  }, 60_000);
});
