import { createHash } from 'node:crypto';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { runInRequestTransaction } from '../../../lib/request-transaction.ts';
import { createIdempotencyRepository, type IdempotencyStore } from './idempotency.repository.ts';

/** A claimed key whose request never finished (the process died) is given up after this long. */
const ABANDONED_AFTER_MS = 60_000;
/** How long an answer is kept for retries. */
const KEEP_MS = 24 * 60 * 60 * 1000;

export interface IdempotentCall {
  /** Whose key it is: the member's id, or the integration's in the integration store. */
  owner: number;
  key: string;
  route: string;
  body: unknown;
}

/** What tells a retry from a different request under the same key. */
export const hashRequestBody = (body: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex');

/**
 * Runs a request once per Idempotency-Key and member (or integration, with `store: 'integration'`): a retry (a double click, a lost answer) gets
 * the first answer back instead of acting twice. The work and its stored answer commit in one
 * transaction (changes made meanwhile join it), so an answer is stored exactly when its change is.
 * Failed requests release their key, so correcting and resending works.
 */
export function createIdempotencyService(deps: { db: Db; clock: Clock; store?: IdempotencyStore }) {
  const { db, clock } = deps;
  const repo = createIdempotencyRepository(deps.store);
  let claims = 0;

  async function run<T>(call: IdempotentCall, work: () => Promise<T>): Promise<T> {
    const requestHash = hashRequestBody(call.body);
    const now = clock.now();
    const claim = { owner: call.owner, key: call.key, route: call.route, requestHash, createdAt: now };
    if (await repo.claim(db, claim)) {
      if (++claims % 100 === 0) await repo.purgeOlderThan(db, new Date(now.getTime() - KEEP_MS));
      try {
        return await db.transaction(async (tx) => {
          const result = await runInRequestTransaction(tx, work);
          await repo.complete(tx, call.owner, call.key, result);
          return result;
        });
      } catch (err) {
        await repo.release(db, call.owner, call.key).catch(() => {});
        throw err;
      }
    }

    const seen = await repo.find(db, call.owner, call.key);
    if (!seen) return run(call, work); // released in between: claim again
    if (seen.route !== call.route || seen.requestHash !== requestHash) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED');
    }
    if (seen.statusCode === null) {
      if (now.getTime() - seen.createdAt.getTime() > ABANDONED_AFTER_MS) {
        await repo.release(db, call.owner, call.key);
        return run(call, work);
      }
      throw new AppError('REQUEST_IN_PROGRESS');
    }
    return seen.response as T;
  }

  /**
   * Gives up a claimed key whose work ran elsewhere and was cut off (an ingestion thread stopped at
   * shutdown), so its retry is worked at once, not refused REQUEST_IN_PROGRESS for a minute. An
   * answer that committed before the cut stays, and the retry gets it.
   */
  const releaseUnfinished = (owner: number, key: string) => repo.releaseUnfinished(db, owner, key);

  return { run, releaseUnfinished };
}
export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
