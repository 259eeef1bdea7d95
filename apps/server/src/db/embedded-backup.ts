import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { baseBackup, ownForPostgres } from './base-backup.ts';
import { loadDataDirSecrets, lockDataDir, startEmbeddedDatabase } from './embedded.ts';

/**
 * Backups of the embedded database (`npm run backup`, `npm run restore`): a folder holding a hot
 * base backup of DATA_DIR/pg and the data folder's secrets.json, without which the copy could not be
 * opened (the postgres password) nor its logs verified (the secret that signs their checkpoints).
 */

const stamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\..*/, '');

/** The port of the PostgreSQL running on `databaseDir`, from its postmaster.pid; undefined if none runs. */
function runningPort(databaseDir: string): number | undefined {
  try {
    const lines = fsSync.readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    process.kill(pid, 0);
    return Number(lines[3]);
  } catch {
    return undefined;
  }
}

/** Backs up DATA_DIR's database, running (the server keeps working) or not; returns the folder made. */
export async function backupDataDir(dataDir: string, outDir: string, now = new Date()): Promise<string> {
  const databaseDir = path.join(dataDir, 'pg');
  if (!fsSync.existsSync(path.join(databaseDir, 'PG_VERSION')))
    throw new Error(`No embedded database in ${dataDir}`);
  const target = path.join(outDir, `backdesk-${stamp(now)}`);
  if (fsSync.existsSync(target)) throw new Error(`${target} exists already`);
  const { pgPassword } = await loadDataDirSecrets(dataDir);
  let port = runningPort(databaseDir);
  // Not running: started for the copy (which also keeps any other process out meanwhile).
  const started = port === undefined ? await startEmbeddedDatabase(dataDir) : undefined;
  port ??= runningPort(databaseDir);
  try {
    const url = `postgres://postgres:${encodeURIComponent(pgPassword)}@127.0.0.1:${port}/postgres`;
    await baseBackup(url, databaseDir, path.join(target, 'pg'));
    await fs.copyFile(path.join(dataDir, 'secrets.json'), path.join(target, 'secrets.json'));
    await fs.chmod(path.join(target, 'secrets.json'), 0o600);
    await fs.writeFile(
      path.join(target, 'backup.json'),
      JSON.stringify({ createdAt: now.toISOString(), kind: 'postgresql base backup' }, null, 2),
    );
  } catch (err) {
    await fs.rm(target, { recursive: true, force: true });
    throw err;
  } finally {
    await started?.stop();
  }
  return target;
}

/**
 * Puts a backup in DATA_DIR's place; the server must be stopped. What was there is kept beside it
 * (pg.replaced-…, secrets.json.replaced-…), never deleted. PostgreSQL recovers the copy on its first
 * start, which this does once to check it opens.
 */
export async function restoreDataDir(backupDir: string, dataDir: string, now = new Date()): Promise<void> {
  const source = path.join(backupDir, 'pg');
  if (!fsSync.existsSync(path.join(source, 'backup_label')))
    throw new Error(`${backupDir} is not a Backdesk backup (no pg/backup_label)`);
  await fs.mkdir(dataDir, { recursive: true });
  const unlock = await lockDataDir(dataDir);
  try {
    const databaseDir = path.join(dataDir, 'pg');
    const kept = `replaced-${stamp(now)}`;
    if (fsSync.existsSync(databaseDir)) await fs.rename(databaseDir, `${databaseDir}.${kept}`);
    const secrets = path.join(dataDir, 'secrets.json');
    if (fsSync.existsSync(secrets)) await fs.rename(secrets, `${secrets}.${kept}`);
    await fs.cp(source, databaseDir, { recursive: true });
    await fs.chmod(databaseDir, 0o700);
    await ownForPostgres(databaseDir);
    await fs.copyFile(path.join(backupDir, 'secrets.json'), secrets);
    await fs.chmod(secrets, 0o600);
  } finally {
    await unlock();
  }
  const check = await startEmbeddedDatabase(dataDir);
  await check.stop();
}
