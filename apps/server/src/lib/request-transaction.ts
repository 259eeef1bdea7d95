import { AsyncLocalStorage } from 'node:async_hooks';
import type { Tx } from '../db/client.ts';

/**
 * The transaction an idempotent request runs in. The endpoint opens it around the handler so the
 * change, its audit row and the stored answer for retries commit together; a change made while it
 * is open joins it (as a savepoint) instead of committing on its own.
 */
const storage = new AsyncLocalStorage<Tx>();

export const runInRequestTransaction = <T>(tx: Tx, work: () => Promise<T>): Promise<T> =>
  storage.run(tx, work);

export const requestTransaction = (): Tx | undefined => storage.getStore();

/**
 * Runs `work` on its own transaction even inside a request's: for what must commit whether or not
 * the request then succeeds (an approval request found expired on the way to a decision).
 */
export const outsideRequestTransaction = <T>(work: () => Promise<T>): Promise<T> => storage.exit(work);
