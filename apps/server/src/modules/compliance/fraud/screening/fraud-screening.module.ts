import { fraudApi } from '@backdesk/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Db, DbOrTx } from '../../../../db/client.ts';
import type { Clock } from '../../../../lib/clock.ts';
import type { InboxService } from '../../../inbox/index.ts';
import { createChanges } from '../../../platform/audit/changes.ts';
import type { FraudRuns, RunContext } from '../runs/fraud-runs.ts';
import { type RaiseAlerts, rescreenAll, type ScreenDeps, screenCustomers } from './screen.ts';
import { createScreeningRepository } from './screening.repository.ts';
import { registerScreeningRoutes } from './screening.routes.ts';
import { createScreeningService } from './screening.service.ts';
import { createScreeningSettings } from './screening-settings.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Screening's functions: the benchmark and tests call `app.fraudScreening.rescreenAll()`. */
    fraudScreening: FraudScreening;
  }
}

export interface FraudScreeningDeps {
  db: Db;
  clock: Clock;
  runs: Pick<FraudRuns, 'start' | 'handle'>;
  /** The engine's raiseAlerts: hits become `screening_hit` alerts with the rule's current version. */
  raiseAlerts: RaiseAlerts;
  notice: InboxService['notice'];
}

/**
 * Screening (sanctions and PEP lists): imports, the threshold, rescreens as runs, the "try a name"
 * explainer and a screening alert's evidence. Returns what the engine (customer events) and the
 * benchmark call. Its routes live in their own scope, for the multipart parser the import needs.
 */
export function registerFraudScreening(app: FastifyInstance, deps: FraudScreeningDeps) {
  const { db, clock } = deps;
  const repo = createScreeningRepository();
  const changes = createChanges(db);
  const screen: ScreenDeps = { db, clock, repo, raiseAlerts: deps.raiseAlerts };
  const service = createScreeningService({ db, clock, changes, repo, runs: deps.runs, notice: deps.notice });
  const settings = createScreeningSettings({ db, changes });
  deps.runs.handle('rescreen', (_params, ctx) => rescreenAll(screen, ctx));
  app.register(async (scope) => {
    await scope.register(multipart, {
      // One file; a larger one is cut at the limit and refused by the parser (SCREENING_FILE_TOO_LARGE).
      limits: { fileSize: fraudApi.SCREENING_MAX_FILE_BYTES + 1, files: 1, fields: 10, parts: 11 },
      throwFileSizeLimit: false,
    });
    registerScreeningRoutes(scope, { service, settings });
  });
  const exported: FraudScreening = {
    /** For the engine's customer events (created, renamed): screens them in the batch's transaction. */
    onCustomerEvents: (tx: DbOrTx, ids: number[]) => screenCustomers(tx, screen, ids).then(() => undefined),
    screenCustomers: (tx: Parameters<typeof screenCustomers>[0], ids: number[]) =>
      screenCustomers(tx, screen, ids),
    rescreenAll: (ctx?: Parameters<typeof rescreenAll>[1]) => rescreenAll(screen, ctx),
  };
  app.decorate('fraudScreening', exported);
  return exported;
}
export interface FraudScreening {
  onCustomerEvents(tx: DbOrTx, ids: number[]): Promise<void>;
  screenCustomers(tx: DbOrTx, ids: number[]): Promise<number>;
  rescreenAll(ctx?: RunContext): Promise<{ customers: number; hits: number }>;
}
