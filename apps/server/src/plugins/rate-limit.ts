import { isListEndpoint } from '@backdesk/contract';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { createPool, type Db } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import type { Clock } from '../lib/clock.ts';
import { endpointOfRoute } from '../lib/endpoint-route.ts';
import { requestContext } from '../modules/platform/auth/auth-cookies.ts';

const MINUTE_MS = 60_000;

/**
 * Counts requests per bucket, subject and minute in PostgreSQL, so the limit holds across every node
 * in front of the one database: one UPSERT per counted request, prepared once per connection.
 * They go through a small pool of their own whose commits do not wait for the disk: a list request
 * then waits for no WAL flush, and a member's concurrent requests hold the one row they all count on
 * for a moment only. A crash may forget the last counts of the minute, which only makes the limit
 * that much more lenient once.
 */
/** Seconds to the next minute once `hits` is over `perMinute` (at least 1); undefined within it. */
const retryAfter = (windowStart: number, now: number, hits: number, perMinute: number) =>
  hits <= perMinute ? undefined : Math.max(1, Math.ceil((windowStart + MINUTE_MS - now) / 1000));

/** The counter's connections in `pg_stat_activity`. */
export const COUNTER_APPLICATION_NAME = 'backdesk-counter';

export function createRequestCounter(db: Db, clock: Clock) {
  const address = db.$client.options.connectionString;
  const own = address
    ? createPool(address, 2, { durableCommits: false, applicationName: COUNTER_APPLICATION_NAME })
    : undefined;
  const pool = own ?? db.$client;
  let sweptBefore = 0;

  /** Drops the counts of minutes that are over, once a minute per process; nothing waits for it. */
  const sweep = (windowStart: number) => {
    if (windowStart <= sweptBefore) return;
    sweptBefore = windowStart;
    pool
      .query({
        name: 'request-counts-sweep',
        text: 'DELETE FROM request_counts WHERE window_start < $1',
        values: [new Date(windowStart)],
      })
      .catch(() => {});
  };

  return {
    /** Counts one request; answers the seconds to wait when it is over `perMinute`, else undefined. */
    async take(bucket: string, subject: string, perMinute: number): Promise<number | undefined> {
      const now = clock.now().getTime();
      const windowStart = now - (now % MINUTE_MS);
      sweep(windowStart);
      const { rows } = await pool.query<{ hits: number }>({
        name: 'request-counts-take',
        text: `INSERT INTO request_counts (window_start, bucket, subject, hits) VALUES ($1, $2, $3, 1)
               ON CONFLICT (window_start, bucket, subject) DO UPDATE SET hits = request_counts.hits + 1
               RETURNING hits`,
        values: [new Date(windowStart), bucket, subject],
      });
      return retryAfter(windowStart, now, rows[0]!.hits, perMinute);
    },

    /**
     * Counts one request inside the caller's own statement, on the counter's pool: `statement` gets
     * the minute's window start and upserts `request_counts` itself (the public API reads its key and
     * counts it in one round trip, decision 0025). Answers the rows and, for the `hits` the statement
     * returned, the seconds to wait (undefined within `perMinute`, or when nothing was counted).
     */
    async takeWithin<R>(
      statement: (windowStart: Date) => { name: string; text: string; values: unknown[] },
    ): Promise<{ rows: R[]; retryAfter: (hits: number | null, perMinute: number) => number | undefined }> {
      const now = clock.now().getTime();
      const windowStart = now - (now % MINUTE_MS);
      sweep(windowStart);
      const { rows } = await pool.query(statement(new Date(windowStart)));
      return {
        rows: rows as R[],
        retryAfter: (hits, perMinute) =>
          hits === null ? undefined : retryAfter(windowStart, now, hits, perMinute),
      };
    },
    close: async () => {
      await own?.end();
    },
  };
}
export type RequestCounter = ReturnType<typeof createRequestCounter>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Requests counted per bucket, subject and minute in PostgreSQL, across every node. */
    requestCounter: RequestCounter;
  }
}

/** The paged lists and their exports (the contract's isListEndpoint, docs/decisions/0007-request-limits.md). */
function isList(route: RouteOptions): boolean {
  const endpoint = endpointOfRoute(route);
  return endpoint !== undefined && isListEndpoint(endpoint);
}

/** The per-address limit a route asks for with `registerEndpoint(…, { perMinute })`. */
const perAddressLimit = (route: RouteOptions) =>
  (route.config as { rateLimit?: { max?: number } } | undefined)?.rateLimit?.max;

const addHook = <K extends 'onRequest' | 'preHandler'>(
  route: RouteOptions,
  kind: K,
  hook: onRequestHookHandler,
) => {
  const existing = route[kind];
  route[kind] = [...(existing ? [existing].flat() : []), hook] as never;
};

/**
 * Request limits, kept in PostgreSQL: per address on the sign-in endpoints (before anything else
 * runs), per member on every list (once the session is known). Over the limit: 429 with Retry-After.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; listRequestsPerMinute: number },
): Promise<void> {
  const counter = createRequestCounter(deps.db, deps.clock);
  app.addHook('onClose', () => counter.close());
  // The public API counts per key with the same counter (modules/platform/integrations/).
  app.decorate('requestCounter', counter);
  const refuseOver = async (bucket: string, subject: string, perMinute: number) => {
    const retryAfterSeconds = await counter.take(bucket, subject, perMinute);
    if (retryAfterSeconds !== undefined) throw new AppError('TOO_MANY_REQUESTS', {}, { retryAfterSeconds });
  };

  app.addHook('onRoute', (route) => {
    const perAddress = perAddressLimit(route);
    if (perAddress) {
      const bucket = `address ${route.method} ${route.url}`;
      addHook(route, 'onRequest', async (request: FastifyRequest) =>
        refuseOver(bucket, requestContext(request).ip, perAddress),
      );
    }
    if (deps.listRequestsPerMinute > 0 && isList(route)) {
      addHook(route, 'preHandler', async (request: FastifyRequest) => {
        // Lists are signed-in endpoints: the member was set before validation.
        if (request.member)
          await refuseOver('member lists', String(request.member.id), deps.listRequestsPerMinute);
      });
    }
  });
}
