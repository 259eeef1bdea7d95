import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { linkedCustomers, registerFraudAlerts } from './fraud-alerts/fraud-alerts.module.ts';
import { registerFraudBlocklist } from './fraud-blocklist/fraud-blocklist.module.ts';
import { registerFraudCases } from './fraud-cases/fraud-cases.module.ts';
import { registerFraudDemo } from './fraud-demo/fraud-demo.module.ts';
import { registerFraudEngine } from './fraud-engine/fraud-engine.module.ts';
import { registerFraudRules } from './fraud-rules/fraud-rules.module.ts';
import type { FraudRuns } from './fraud-runs/fraud-runs.ts';
import { registerFraudScreening } from './fraud-screening/fraud-screening.module.ts';
import type { registerInboxModule } from './inbox/inbox.module.ts';
import type { RestrictionsService } from './restrictions/restrictions.service.ts';

export interface FraudCheckDeps {
  db: Db;
  clock: Clock;
  config: Config;
  /** Restrict a customer from an alert (the restrictions page's own service). */
  restrictions: RestrictionsService;
  /** Notices into members' inboxes. */
  inbox: ReturnType<typeof registerInboxModule>;
  /** The long runs every part reports through (registered by app.ts, which the KYC recheck shares). */
  runs: FraudRuns;
}

/**
 * Fraud check, its parts in the order they depend on each other (the runs every long job reports
 * through come from app.ts): the engine that raises alerts, the rules and the blocklist, cases, alerts (whose
 * bulk action attaches to cases), screening, and the demo's live activity. A part gets what it needs from an earlier one as
 * functions, never by importing its service.
 */
export function registerFraudCheck(app: FastifyInstance, deps: FraudCheckDeps): void {
  const { runs } = deps;
  const engine = registerFraudEngine(app, { db: deps.db, clock: deps.clock, config: deps.config, runs });
  registerFraudRules(app, { db: deps.db, clock: deps.clock, runs, countCandidates: engine.countCandidates });
  registerFraudBlocklist(app, { db: deps.db, clock: deps.clock, runs });
  const cases = registerFraudCases(app, {
    db: deps.db,
    clock: deps.clock,
    config: deps.config,
    linkedCustomers,
  });
  registerFraudAlerts(app, {
    db: deps.db,
    clock: deps.clock,
    restrictions: deps.restrictions,
    attachToCase: cases.attachAlertsToCase,
  });
  const screening = registerFraudScreening(app, {
    db: deps.db,
    clock: deps.clock,
    runs,
    raiseAlerts: engine.raiseAlerts,
    notice: deps.inbox.notice,
  });
  engine.onCustomerEvents(screening.onCustomerEvents);
  registerFraudDemo(app, { db: deps.db, clock: deps.clock, config: deps.config, jobs: app.jobs });
}
