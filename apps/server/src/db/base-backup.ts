import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A hot physical copy of a running PostgreSQL data directory, made with PostgreSQL's own low-level
 * backup API (pg_backup_start / pg_backup_stop): the files are copied while the server runs, and the
 * WAL written meanwhile comes along, so PostgreSQL's own recovery makes the copy consistent when it
 * starts on it. The embedded package ships no pg_dump or pg_basebackup (docs/decisions/0011-several-nodes.md).
 */

/** Folders whose contents a base backup leaves out (PostgreSQL's documentation, "Making a Base Backup"). */
const EMPTIED = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const SKIPPED = (name: string) =>
  name === 'postmaster.pid' ||
  name === 'postmaster.opts' ||
  name.startsWith('.s.PGSQL.') ||
  name.startsWith('pgsql_tmp') ||
  name === 'standby.signal' ||
  name === 'recovery.signal';

/** Copies a tree that is being written to: a file gone by the time it is read was not needed. */
async function copyLive(from: string, to: string, top = true): Promise<void> {
  await fs.mkdir(to, { recursive: true, mode: 0o700 });
  for (const entry of await fs.readdir(from, { withFileTypes: true })) {
    if (SKIPPED(entry.name)) continue;
    const src = path.join(from, entry.name);
    const dst = path.join(to, entry.name);
    try {
      if (entry.isDirectory()) {
        if (top && EMPTIED.has(entry.name)) await fs.mkdir(dst, { mode: 0o700 });
        else await copyLive(src, dst, false);
      } else if (entry.isFile()) {
        await fs.copyFile(src, dst);
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}

/** The data directory of the server at `superUrl`, copied into `target` (which must not exist). */
export async function baseBackup(superUrl: string, dataDir: string, target: string): Promise<void> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const client = new pg.Client({ connectionString: superUrl });
  await client.connect();
  try {
    // A temporary slot keeps every WAL segment from here on until this session ends.
    await client.query(
      `SELECT pg_create_physical_replication_slot('backdesk_backup_' || pg_backend_pid(), true, true)`,
    );
    await client.query(`SELECT pg_backup_start('backdesk', true)`);
    await copyLive(dataDir, target);
    const { rows } = await client.query<{ labelfile: string; spcmapfile: string | null }>(
      'SELECT labelfile, spcmapfile FROM pg_backup_stop(false)',
    );
    await fs.writeFile(path.join(target, 'backup_label'), rows[0]!.labelfile);
    if (rows[0]!.spcmapfile) await fs.writeFile(path.join(target, 'tablespace_map'), rows[0]!.spcmapfile);
    // The WAL from the backup's start to its stop, which recovery replays; the slot kept it.
    await client.query('SELECT pg_switch_wal()');
    const wal = path.join(dataDir, 'pg_wal');
    for (const name of await fs.readdir(wal)) {
      if (/^[0-9A-F]{24}$/.test(name) || name.endsWith('.history'))
        await fs.copyFile(path.join(wal, name), path.join(target, 'pg_wal', name)).catch(() => {});
    }
  } finally {
    await client.end();
  }
  await fs.chmod(target, 0o700);
}

/** Who PostgreSQL runs as when we are root (the embedded package's `postgres` user); else undefined. */
export function postgresUser(): { uid: number; gid: number } | undefined {
  if (os.userInfo().uid !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * As root the embedded PostgreSQL runs as the `postgres` user (db/embedded.ts): a folder copied by
 * root must become theirs, or the server will not start on it.
 */
export async function ownForPostgres(dir: string): Promise<void> {
  const user = postgresUser();
  if (!user) return;
  const { uid, gid } = user;
  const walk = async (p: string): Promise<void> => {
    await fs.chown(p, uid, gid);
    const stat = await fs.lstat(p);
    if (stat.isDirectory()) for (const e of await fs.readdir(p)) await walk(path.join(p, e));
  };
  await walk(dir);
}
