import fs from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { runMigrations as migrateJobQueue } from 'graphile-worker';
import type pg from 'pg';
import { JOBS_SCHEMA, quietLogger } from '../jobs/index.ts';
import { SERVER_ROOT } from '../server-root.ts';
import { grantAppRole } from './app-role.ts';

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');

/**
 * Applies the committed migrations and the job queue's schema (jobs/index.ts) as the schema's owner,
 * then grants the app's role what it may do (db/app-role.ts); an advisory lock keeps two starting
 * servers from racing.
 */
export async function runMigrations(pool: pg.Pool, options: { appRole?: string } = {}): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(727274)');
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    // graphile-worker migrates its own schema, on a connection of its own (ours holds the lock).
    await migrateJobQueue({
      connectionString: pool.options.connectionString,
      maxPoolSize: 1,
      schema: JOBS_SCHEMA,
      logger: quietLogger,
    });
    if (options.appRole) await grantAppRole(client, options.appRole);
  } finally {
    await client.query('SELECT pg_advisory_unlock(727274)').catch(() => {});
    client.release();
  }
}

/** When the newest committed migration was made; read once (readiness asks every few seconds). */
let latestCommitted: number | undefined;
function latestMigration(): number {
  if (latestCommitted === undefined) {
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    };
    latestCommitted = Math.max(...journal.entries.map((e) => e.when));
  }
  return latestCommitted;
}

/** Whether the database lacks a committed migration; readable by the app's own role. */
export async function hasPendingMigrations(pool: pg.Pool): Promise<boolean> {
  const latest = latestMigration();
  try {
    const { rows } = await pool.query<{ applied: string | null }>(
      'SELECT max(created_at)::text AS applied FROM drizzle.__drizzle_migrations',
    );
    return Number(rows[0]?.applied ?? 0) < latest;
  } catch {
    return true; // never migrated, or not readable: either way the owner has to run the migrations
  }
}
