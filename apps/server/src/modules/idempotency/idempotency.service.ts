import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createIdempotencyRepository } from './idempotency.repository.ts';

/** A claimed key whose request never finished (the process died) is given up after this long. */
const ABANDONED_AFTER_MS = 60_000;
const KEEP_HOURS = 24;

export interface IdempotentCall {
  memberId: number;
  key: string;
  route: string;
  body: unknown;
}

/**
 * Runs a creating request once per Idempotency-Key and member: a retry (a double click, a lost
 * answer) gets the first answer back instead of creating the thing twice. Failed requests release
 * their key, so correcting and resending works.
 */
export function createIdempotencyService(db: Db) {
  const repo = createIdempotencyRepository();
  let claims = 0;

  async function run<T>(call: IdempotentCall, work: () => Promise<T>): Promise<T> {
    const requestHash = createHash('sha256')
      .update(JSON.stringify(call.body ?? null))
      .digest('hex');
    if (await repo.claim(db, { memberId: call.memberId, key: call.key, route: call.route, requestHash })) {
      if (++claims % 100 === 0) await repo.purgeOlderThan(db, KEEP_HOURS);
      try {
        const result = await work();
        await repo.complete(db, call.memberId, call.key, result);
        return result;
      } catch (err) {
        await repo.release(db, call.memberId, call.key).catch(() => {});
        throw err;
      }
    }

    const seen = await repo.find(db, call.memberId, call.key);
    if (!seen) return run(call, work); // released in between: claim again
    if (seen.route !== call.route || seen.requestHash !== requestHash) {
      throw new AppError('CONFLICT', 'This Idempotency-Key was already used for a different request');
    }
    if (seen.statusCode === null) {
      if (Date.now() - seen.createdAt.getTime() > ABANDONED_AFTER_MS) {
        await repo.release(db, call.memberId, call.key);
        return run(call, work);
      }
      throw new AppError('CONFLICT', 'The same request is still being processed; try again in a moment');
    }
    return seen.response as T;
  }

  return { run };
}
export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
