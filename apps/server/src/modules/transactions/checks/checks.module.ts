import type { TravelRuleJurisdiction } from '@backdesk/contract/compliance/keys';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config/config.ts';
import { createDb, type Db, siblingPool } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { createFraudBlocklistRepository, createScreeningRepository } from '../../compliance/index.ts';
import { createChanges } from '../../platform/audit/changes.ts';
import { createLimitsRepository } from '../limits/limits.repository.ts';
import { createWalletTransactionsRepository } from '../wallet/wallet-transactions.repository.ts';
import { createChecksRepository } from './checks.repository.ts';
import { registerChecksRoutes, registerPublicChecksRoutes } from './checks.routes.ts';
import { type ChecksService, createChecksService } from './checks.service.ts';

/** The checks' connections in `pg_stat_activity` (bench:ingest samples what they wait on). */
export const CHECKS_APPLICATION_NAME = 'backdesk-checks';

/**
 * Wires the real-time checks on a pool of their own (decision 0025): a check's statements never queue
 * behind ingestion's on the main pool, and each is cut off at the statement timeout rather than
 * leaving the exchange's client waiting past its own.
 */
export function registerChecksModule(
  app: FastifyInstance,
  { db, clock, config }: { db: Db; clock: Clock; config: Config },
): ChecksService {
  // A check that cannot have a connection within the shedding budget is answered 503 at once
  // (checks.routes.ts) rather than worked on after the exchange's client gave up.
  const pool = siblingPool(
    db.$client,
    config.checks.poolSize,
    [`-c statement_timeout=${config.checks.statementTimeoutMs}`],
    { connectionTimeoutMillis: config.checks.shedAfterMs, applicationName: CHECKS_APPLICATION_NAME },
  );
  app.addHook('onClose', async () => {
    await pool.end();
  });
  const checks = buildChecksService(createDb(pool), clock, config.travelRuleJurisdiction);
  registerChecksRoutes(app, { checks });
  registerPublicChecksRoutes(app, { checks, shedAfterMs: config.checks.shedAfterMs });
  return checks;
}

/** The checks' service on `db` (the module's own pool; a test's database). */
export function buildChecksService(db: Db, clock: Clock, home: TravelRuleJurisdiction = 'TR'): ChecksService {
  return createChecksService({
    db,
    changes: createChanges(db),
    clock,
    repo: createChecksRepository(),
    wallet: createWalletTransactionsRepository(),
    limits: createLimitsRepository(),
    blocklist: createFraudBlocklistRepository(),
    screening: createScreeningRepository(),
    home,
  });
}
