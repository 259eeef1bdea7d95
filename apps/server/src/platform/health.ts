import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type pg from 'pg';
import { hasPendingMigrations } from '../db/migrate.ts';
import type { Drain } from './drain.ts';
import type { Metrics } from './metrics.ts';

/** How long readiness may wait for the database before it answers 503. */
const READY_TIMEOUT_MS = 2_000;

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

const plain = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).header('Content-Type', 'text/plain; charset=utf-8').send(`${body}\n`);

async function readiness(pool: pg.Pool, drain: Drain): Promise<string | undefined> {
  if (drain.draining) return 'draining';
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('database not answering'), READY_TIMEOUT_MS).unref();
  });
  const check = (async () => {
    try {
      return (await hasPendingMigrations(pool)) ? 'migrations pending' : undefined;
    } catch {
      return 'database unreachable';
    }
  })();
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Infrastructure endpoints, outside /api and the contract: liveness, readiness (the load balancer
 * stops sending once a node drains) and Prometheus metrics behind METRICS_TOKEN (off without it).
 */
export function registerHealth(
  app: FastifyInstance,
  deps: { pool: pg.Pool; drain: Drain; metrics: Metrics; metricsToken: string | undefined },
): void {
  const { pool, drain, metrics, metricsToken } = deps;
  const hide = { schema: { hide: true }, logLevel: 'warn' as const };

  app.get('/healthz', hide, async (_request, reply) => plain(reply, 200, 'ok'));

  app.get('/readyz', hide, async (_request, reply) => {
    const problem = await readiness(pool, drain);
    return problem ? plain(reply, 503, problem) : plain(reply, 200, 'ready');
  });

  metrics.gauge('backdesk_db_pool_connections', 'Connections the app pool holds', () => pool.totalCount);
  metrics.gauge('backdesk_db_pool_idle', 'Idle connections in the app pool', () => pool.idleCount);
  metrics.gauge('backdesk_db_pool_waiting', 'Queries waiting for a pool connection', () => pool.waitingCount);
  metrics.gauge('backdesk_draining', '1 while this node shuts down', () => (drain.draining ? 1 : 0));

  // In callback form: an async hook costs every request a promise and a microtask for synchronous work.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    // Unmatched URLs (the web app's pages, probes) are one series, not one per path.
    metrics.observeRequest(request.method, route ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', hide, async (request, reply) => {
    if (!metricsToken) return plain(reply, 404, 'metrics are off: set METRICS_TOKEN');
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!sameToken(given, metricsToken)) {
      return plain(reply.header('WWW-Authenticate', 'Bearer'), 401, 'a metrics token is required');
    }
    return reply
      .header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
      .send(await metrics.render());
  });
}
