import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Config } from '../config/config.ts';
import { createDb, createPool, type Db } from '../db/client.ts';
import { type EmbeddedDatabase, loadDataDirSecrets, startEmbeddedDatabase } from '../db/embedded.ts';
import { runMigrations } from '../db/migrate.ts';

export interface Database {
  pool: pg.Pool;
  db: Db;
  /** Secret for signing captchas: APP_SECRET, else one kept in the data folder. */
  secret: string;
  embedded: EmbeddedDatabase | undefined;
  close(): Promise<void>;
}

/** DATABASE_URL when given, otherwise the embedded PostgreSQL in the data folder; migrated either way. */
export async function openDatabase(config: Config, log: (msg: string) => void): Promise<Database> {
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    log(`Starting the embedded PostgreSQL in ${config.dataDir}`);
    embedded = await startEmbeddedDatabase(config.dataDir);
    url = embedded.url;
  }
  const pool = createPool(url);
  try {
    await runMigrations(pool);
  } catch (err) {
    await pool.end();
    await embedded?.stop();
    throw err;
  }
  let secret = config.appSecret;
  if (!secret && embedded) secret = (await loadDataDirSecrets(config.dataDir)).appSecret;
  if (!secret) {
    log('APP_SECRET is not set: captchas issued before a restart will not verify after it');
    secret = randomBytes(32).toString('hex');
  }
  return {
    pool,
    db: createDb(pool),
    secret,
    embedded,
    async close() {
      await pool.end();
      await embedded?.stop();
    },
  };
}
