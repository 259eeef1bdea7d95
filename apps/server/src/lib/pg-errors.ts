/** Walks an error and its causes (drizzle wraps pg's errors in a DrizzleQueryError). */
function someInChain(error: unknown, test: (e: { code?: unknown; message?: unknown }) => boolean): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  )
    if (typeof e === 'object' && test(e)) return true;
  return false;
}

/** PostgreSQL's query_canceled (57014), raised when statement_timeout fires. */
export const isQueryCancelled = (error: unknown): boolean => someInChain(error, (e) => e.code === '57014');

// pg-pool's own texts (it gives them no code): no idle connection within `connectionTimeoutMillis`,
// or a new connection not made within it.
const POOL_TIMEOUTS = new Set([
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
]);

/** A pool's `connectionTimeoutMillis` ran out before the query had a connection. */
export const isPoolTimeout = (error: unknown): boolean =>
  someInChain(error, (e) => typeof e.message === 'string' && POOL_TIMEOUTS.has(e.message));

/** PostgreSQL's lock_not_available (55P03), raised when lock_timeout fires. */
export const isLockTimeout = (error: unknown): boolean => someInChain(error, (e) => e.code === '55P03');
