import { randomBytes } from 'node:crypto';
import type pg from 'pg';

/**
 * The deployment secret kept in the database: the first node to ask stores a fresh one, every node
 * after reads that one. The primary key is the lock: of nodes starting together one insert wins, the
 * others wait for its commit and insert nothing; the read that follows, a statement of its own, sees
 * the winner's row (in one statement it would still see the snapshot taken before that commit).
 */
export async function storedDeploymentSecret(pool: pg.Pool): Promise<string> {
  await pool.query(
    `INSERT INTO deployment_secrets (name, value) VALUES ('app_secret', $1) ON CONFLICT (name) DO NOTHING`,
    [randomBytes(32).toString('hex')],
  );
  const { rows } = await pool.query<{ value: string }>(
    `SELECT value FROM deployment_secrets WHERE name = 'app_secret'`,
  );
  return rows[0]!.value;
}
