import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

/**
 * Adds a job in the caller's transaction: rolled back, nothing was enqueued. A plain statement, so a
 * writer without the app at hand (ingestion on its thread) enqueues the same way.
 */
export async function enqueueJob(
  tx: DbOrTx,
  name: string,
  payload: object,
  options: EnqueueOptions = {},
): Promise<void> {
  await tx.execute(sql`SELECT graphile_worker.add_job(
    ${name}::text, ${JSON.stringify(payload)}::json, ${options.queue ?? null}::text,
    ${options.runAt?.toISOString() ?? null}::timestamptz, ${options.maxAttempts ?? null}::int,
    ${options.jobKey ?? null}::text,
    job_key_mode => ${options.jobKeyMode === 'keep' ? 'unsafe_dedupe' : 'replace'}::text)`);
}

export interface EnqueueOptions {
  runAt?: Date;
  /** A pending job with the same key is replaced, not added to. */
  jobKey?: string;
  /** `keep`: a job with the key already there, waiting or running, is left as it is and none is added. */
  jobKeyMode?: 'replace' | 'keep';
  maxAttempts?: number;
  /** Jobs of one named queue run one at a time, in order. */
  queue?: string;
}
