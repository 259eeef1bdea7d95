import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client.ts';

/**
 * One statement that sets PostgreSQL settings for the rest of the transaction only (as SET LOCAL
 * would, one round trip for them all): a planner cost, a timeout, a plan kind switched off.
 */
export function localSettings(settings: Record<string, string>): SQL {
  const calls = Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${value}, true)`);
  return sql`SELECT ${sql.join(calls, sql`, `)}`;
}

/** `work` in a transaction of its own (a savepoint inside one) that has `settings`. */
export function withLocalSettings<T>(
  db: DbOrTx,
  settings: Record<string, string>,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(localSettings(settings));
    return work(tx);
  });
}
