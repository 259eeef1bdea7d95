import pg from 'pg';

/**
 * A connection takes one query at a time: pg queues a second one sent while the first runs, warns
 * once per process, and pg 9 will refuse it. Reads "side by side" inside a transaction (one
 * connection) are such a case; in tests the second query fails at once, naming where it came from.
 */
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function oneAtATime(this: pg.Client, ...args: unknown[]) {
  const running = (this as unknown as { _activeQuery: unknown })._activeQuery;
  if (running && !(this as unknown as { pipeline?: boolean }).pipeline)
    throw new Error('A second query was sent on a connection while its first was still running');
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;
