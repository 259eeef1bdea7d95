import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedSharedBuffersMb, lockDataDir, startEmbeddedDatabase } from './embedded.ts';

const run = promisify(execFile);
const embeddedModule = JSON.stringify(path.resolve(import.meta.dirname, 'embedded.ts'));
const openScript = (dataDir: string) =>
  `import { startEmbeddedDatabase } from ${embeddedModule};
   startEmbeddedDatabase(${JSON.stringify(dataDir)}).then(
     () => process.exit(0),
     (e) => { console.error(e.message); process.exit(3); },
   );`;
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
});

/** The fields of /proc/<pid>/stat after the command: [state, ppid, …]; start time is index 19. */
const statFields = async (pid: number) => {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
};

/**
 * A real zombie: `sleep 0.1` exits at once, and its parent, the shell exec'd into `sleep 5`, never
 * reaps it (Node would reap a child of its own). The pipe's last writer is the `sleep 0.1`, so the
 * pipe's end says it has exited. `end` kills the parent; init then reaps the zombie.
 */
async function zombie(): Promise<{ pid: number; end: () => void }> {
  const parent = spawn('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 5 >/dev/null'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const end = () => parent.kill('SIGKILL');
  let out = '';
  parent.stdout.setEncoding('utf8').on('data', (d: string) => {
    out += d;
  });
  await once(parent.stdout, 'end');
  const pid = Number.parseInt(out, 10);
  // Its files close a moment before it turns zombie.
  for (const started = Date.now(); (await statFields(pid))[0] !== 'Z'; ) {
    if (Date.now() - started > 2_000) {
      end();
      throw new Error(`pid ${pid} did not become a zombie`);
    }
  }
  return { pid, end };
}

describe('embedded PostgreSQL', () => {
  it('gives its buffer cache a quarter of memory, at least the default 128 MB and at most 2 GB', () => {
    const gb = 2 ** 30;
    expect(embeddedSharedBuffersMb(0.25 * gb)).toBe(128);
    expect(embeddedSharedBuffersMb(2 * gb)).toBe(512);
    expect(embeddedSharedBuffersMb(6 * gb)).toBe(1536);
    expect(embeddedSharedBuffersMb(64 * gb)).toBe(2048);
  });

  it('runs a real server with pg_trgm, and keeps a second process out of its folder', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'backdesk-embedded-'));
    dirs.push(dataDir);
    const db = await startEmbeddedDatabase(dataDir);
    try {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const version = await client.query<{ v: number }>(
        "SELECT current_setting('server_version_num')::int AS v",
      );
      expect(version.rows[0]!.v).toBeGreaterThanOrEqual(170_000);
      // Its buffer cache is sized for the machine (a quarter of memory, 128 MB to 2 GB), not left at
      // PostgreSQL's default.
      const buffers = await client.query<{ mb: number }>(
        "SELECT setting::int * 8 / 1024 AS mb FROM pg_settings WHERE name = 'shared_buffers'",
      );
      expect(buffers.rows[0]!.mb).toBe(embeddedSharedBuffersMb());
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      await client.end();

      const second = await run(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', openScript(dataDir)],
        {
          cwd: path.resolve('.'),
        },
      ).catch((e: { code: number; stderr: string }) => e);
      expect('code' in second ? second.code : 0).toBe(3);
      expect('stderr' in second ? second.stderr : '').toContain('is in use by another Backdesk process');
    } finally {
      await db.stop();
    }
    // Stopped cleanly: the folder can be opened again.
    const again = await startEmbeddedDatabase(dataDir);
    await again.stop();
  });

  it('recovers the folder from a process killed without stopping its database', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'backdesk-embedded-'));
    dirs.push(dataDir);
    const killedMidway = `import { startEmbeddedDatabase } from ${embeddedModule};
      await startEmbeddedDatabase(${JSON.stringify(dataDir)});
      process.kill(process.pid, 'SIGKILL');`;
    await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', killedMidway]).catch(
      () => {},
    );
    const pidFile = await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8');
    expect(pidFile).toBeTruthy(); // the orphan is still running

    const db = await startEmbeddedDatabase(dataDir);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    expect((await client.query('SELECT 1 AS one')).rows[0].one).toBe(1);
    await client.end();
    await db.stop();
  });

  it('takes over a lock whose pid now belongs to another process, and names a live holder', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'backdesk-embedded-'));
    dirs.push(dataDir);
    // pid 1 is alive, but started long before this lock was written: the lock is stale.
    await fs.writeFile(path.join(dataDir, 'backdesk.lock'), '1 999999999999');
    const db = await startEmbeddedDatabase(dataDir);
    await db.stop();

    // A holder that really runs (this very test process, with its own start time) keeps the folder.
    const self = (await fs.readFile(`/proc/${process.pid}/stat`, 'utf8')).split(') ')[1]!.split(' ')[19];
    await fs.writeFile(path.join(dataDir, 'backdesk.lock'), `${process.pid} ${self}`);
    const refused = await startEmbeddedDatabase(dataDir).catch((e: Error) => e);
    expect(String(refused)).toContain(`The data folder ${dataDir} is in use`);
    expect(String(refused)).toContain(`kill ${process.pid}`);
    await fs.rm(path.join(dataDir, 'backdesk.lock'));
  });

  it('takes over a lock whose holder is a zombie: dead, though not yet reaped', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'backdesk-embedded-'));
    dirs.push(dataDir);
    const dead = await zombie();
    try {
      const ticks = (await statFields(dead.pid))[19];
      await fs.writeFile(path.join(dataDir, 'backdesk.lock'), `${dead.pid} ${ticks}`);
      const unlock = await lockDataDir(dataDir);
      expect(await fs.readFile(path.join(dataDir, 'backdesk.lock'), 'utf8')).toMatch(
        new RegExp(`^${process.pid} `),
      );
      await unlock();
    } finally {
      dead.end();
    }
  });

  it('starts over a postmaster.pid naming a zombie, or a live process that is not its PostgreSQL', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'backdesk-embedded-'));
    dirs.push(dataDir);
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    const first = await startEmbeddedDatabase(dataDir, () => {});
    const written = await fs.readFile(pidFile, 'utf8');
    await first.stop();
    const dead = await zombie();
    try {
      // This test's own process: alive, but working elsewhere than in the database's folder.
      for (const pid of [dead.pid, process.pid]) {
        await fs.writeFile(pidFile, written.replace(/^\d+/, String(pid)));
        const said: string[] = [];
        const db = await startEmbeddedDatabase(dataDir, (m) => said.push(m));
        await db.stop();
        expect(said).toContain(
          `Removing the lock files of a PostgreSQL (pid ${pid}) that no longer runs: postmaster.pid`,
        );
      }
    } finally {
      dead.end();
    }
  });

  it('restarts cleanly after each of 20 kill -9 at random moments, under writes', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'backdesk-embedded-'));
    dirs.push(dataDir);
    const writer = (delayMs: number) => `setTimeout(() => process.kill(process.pid, 'SIGKILL'), ${delayMs});
      import pg from 'pg';
      import { startEmbeddedDatabase } from ${embeddedModule};
      const db = await startEmbeddedDatabase(${JSON.stringify(dataDir)});
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      await c.query('CREATE TABLE IF NOT EXISTS writes (n int)');
      for (;;) await c.query('INSERT INTO writes VALUES (1)');`;
    let acknowledged = 0;
    for (let kill = 0; kill < 20; kill++) {
      // Spread the kills over start-up, the first writes and steady writing.
      const delay = 300 + ((kill * 97) % 2000);
      await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', writer(delay)]).catch(
        () => {},
      );
      const db = await startEmbeddedDatabase(dataDir);
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const rows = await client.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'writes'",
      );
      if (rows.rows[0]!.n === 1) {
        const count = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM writes');
        expect(count.rows[0]!.n).toBeGreaterThanOrEqual(acknowledged);
        acknowledged = count.rows[0]!.n;
      }
      await client.end();
      await db.stop();
    }
  }, 240_000);
});
