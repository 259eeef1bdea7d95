import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config/config.ts';
import type { Db } from './db/client.ts';
import { INGEST_ROUTES, INGEST_THREAD_ENTRY } from './ingest-routes.ts';
import { createJobs, type Jobs } from './jobs/index.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import {
  linkedCustomers,
  registerFraudAlerts,
} from './modules/compliance/fraud/alerts/fraud-alerts.module.ts';
import { registerFraudBlocklist } from './modules/compliance/fraud/blocklist/fraud-blocklist.module.ts';
import { registerFraudCases } from './modules/compliance/fraud/cases/fraud-cases.module.ts';
import { registerFraudDemo } from './modules/compliance/fraud/demo/fraud-demo.module.ts';
import { registerFraudEngine } from './modules/compliance/fraud/engine/fraud-engine.module.ts';
import { registerFraudRules } from './modules/compliance/fraud/rules/fraud-rules.module.ts';
import { registerFraudRuns } from './modules/compliance/fraud/runs/fraud-runs.module.ts';
import { registerFraudScreening } from './modules/compliance/fraud/screening/fraud-screening.module.ts';
import { registerKycModule } from './modules/compliance/kyc/kyc.module.ts';
import { registerTravelRuleModule } from './modules/compliance/travel-rule/travel-rule.module.ts';
import { registerCustomerKycModule } from './modules/crm/customer-kyc/customer-kyc.module.ts';
import { registerCustomerTypesModule } from './modules/crm/customer-types/customer-types.module.ts';
import { registerCustomersModule } from './modules/crm/customers/customers.module.ts';
import { registerCrmOverviewModule } from './modules/crm/overview/crm-overview.module.ts';
import { registerRestrictionsModule } from './modules/crm/restrictions/restrictions.module.ts';
import { registerUserAssetsModule } from './modules/crm/user-assets/user-assets.module.ts';
import { registerDashboardModule } from './modules/dashboard/dashboard.module.ts';
import { registerInboxModule } from './modules/inbox/inbox.module.ts';
import { registerAccessLogModule } from './modules/logs/access-log/access-log.module.ts';
import { registerAuditRoutes } from './modules/logs/audit-trail/audit.routes.ts';
import { registerApprovalsModule } from './modules/platform/approvals/approvals.module.ts';
import { registerAuthModule } from './modules/platform/auth/auth.module.ts';
import type { AuthService, SessionMember } from './modules/platform/auth/auth.service.ts';
import { registerBulkModule } from './modules/platform/bulk/bulk.module.ts';
import { registerEventsModule } from './modules/platform/events/events.module.ts';
import { registerExportsModule } from './modules/platform/exports/exports.module.ts';
import {
  createIdempotencyService,
  type IdempotencyService,
} from './modules/platform/idempotency/idempotency.service.ts';
import { registerIngestApi } from './modules/platform/ingest/ingest.module.ts';
import { registerIntegrationsPlatform } from './modules/platform/integrations/integrations.module.ts';
import { registerOutboxModule } from './modules/platform/outbox/outbox.module.ts';
import { registerSavedViewsModule } from './modules/platform/saved-views/saved-views.module.ts';
import { registerScimModule } from './modules/platform/scim/scim.module.ts';
import { registerSsoModule } from './modules/platform/sso/sso.module.ts';
import { registerTwoFactorModule } from './modules/platform/two-factor/two-factor.module.ts';
import { registerReportsModule } from './modules/reports/reports.module.ts';
import { registerSettingsModule } from './modules/settings/account/settings.module.ts';
import { registerIntegrationsModule } from './modules/settings/integrations/integrations.module.ts';
import { registerMembersModule } from './modules/settings/members/members.module.ts';
import { registerAssetsModule } from './modules/transactions/assets/assets.module.ts';
import { registerChecksModule } from './modules/transactions/checks/checks.module.ts';
import { registerCommissionsModule } from './modules/transactions/commissions/commissions.module.ts';
import { registerLimitsModule } from './modules/transactions/limits/limits.module.ts';
import { registerTransactionsOverviewModule } from './modules/transactions/overview/transactions-overview.module.ts';
import { registerP2pModule } from './modules/transactions/p2p/p2p.module.ts';
import { registerWalletTransactionsModule } from './modules/transactions/wallet/wallet-transactions.module.ts';
import { createDrain, type Drain } from './platform/drain.ts';
import { registerHealth } from './platform/health.ts';
import { createMetrics, type Metrics } from './platform/metrics.ts';
import { createReads, type Reads, registerReads } from './platform/reads.ts';
import { registerCompression } from './plugins/compression.ts';
import { answerClientError, registerErrorHandling } from './plugins/errors.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { loggerOptions, OneLinePerRequest } from './plugins/request-logging.ts';
import { responseSerializer } from './plugins/response-serializer.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWebApp } from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
    idempotency: IdempotencyService;
    /** Graceful shutdown's hooks (platform/drain.ts; /work/helpers/nodes-api.md). */
    drain: Drain;
    /** This node's Prometheus metrics; modules add gauges (platform/metrics.ts). */
    metrics: Metrics;
    /** The job queue shared by all nodes (jobs/index.ts). */
    jobs: Jobs;
    /** Where reports and heavy lists read: a replica, with read-your-own-write (platform/reads.ts). */
    reads: Reads;
  }
  interface FastifyRequest {
    /** The signed-in member, set before validation on every endpoint that needs a session. */
    member: SessionMember | null;
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  /** Where time comes from; tests pass a manual clock (lib/clock.ts). */
  clock?: Clock;
  /** Signs captcha challenges; stable per deployment. */
  secret: string;
  /** Where the log goes (standard output unless a test captures it). */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole app without listening, so tests drive the real thing through `app.inject`. */
export async function buildApp({
  config,
  db,
  secret,
  clock = systemClock,
  logStream,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logStream),
    logController: new OneLinePerRequest(),
    trustProxy: config.trustProxy,
    clientErrorHandler: answerClientError,
    // Answered by registerErrorHandling's onRequest hook instead, with SHUTTING_DOWN.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(config.env === 'production' ? 'compiled' : 'checked'));
  registerErrorHandling(app);

  await app.register(cookie);
  await registerCompression(app);
  await registerRateLimit(app, { db, clock, listRequestsPerMinute: config.listRequestsPerMinute });
  await registerSecurity(app, config.allowedOrigins);
  await registerOpenApi(app);

  app.decorateRequest('member', null);
  registerPlatform(app, config, db);
  app.decorate('idempotency', createIdempotencyService({ db, clock }));
  // The public API's kit, before any module that registers a public endpoint (decision 0025).
  const integrations = registerIntegrationsPlatform(app, { db, clock });

  // Live events and the inbox before the modules whose changes they carry (decision 0013).
  registerEventsModule(app, { db });
  const inbox = registerInboxModule(app, { db, clock });
  // Exports over the threshold become jobs whose files arrive in the inbox (decision 0015).
  registerExportsModule(app, { db, clock, config, notice: inbox.notice });
  // Two-factor first: the sign-in asks it for the second step.
  const twoFactor = registerTwoFactorModule(app, {
    db,
    config,
    secret,
    clock,
    onReset: inbox.twoFactorReset,
  });
  registerAuthModule(app, { db, config, secret, clock, secondStep: twoFactor.secondStep });
  registerSsoModule(app, { db, config, clock });
  registerScimModule(app, { db, config, clock });
  registerDashboardModule(app, { db, clock });
  const restrictions = registerRestrictionsModule(app, { db });
  registerCustomersModule(app, { db, clock, restrictions });
  registerCustomerKycModule(app, { db });
  // Before KYC, which asks it for a second member on fraud-flagged customers (R63).
  const approvals = registerApprovalsModule(app, { db, clock });
  const bulkGate = registerBulkModule(app, { db, approvals });
  registerCustomerTypesModule(app, { db, bulkGate });
  // Long runs with progress (modules/compliance/fraud/runs/), used by fraud check and by the KYC
  // documents' recheck.
  const runs = registerFraudRuns(app, { db, clock });
  registerKycModule(app, { db, clock, config, approvals, runs });
  registerTravelRuleModule(app, {
    db,
    clock,
    home: config.travelRuleJurisdiction,
    secret,
    config,
    approvals,
  });
  registerUserAssetsModule(app, { db });
  registerCrmOverviewModule(app, { db });
  registerAuditRoutes(app, { db });
  registerAccessLogModule(app, {
    db,
    clock,
    secret,
    sealSchedule: config.logSealSchedule,
    run: config.jobs,
  });

  registerAssetsModule(app, { db });
  registerLimitsModule(app, { db });
  registerP2pModule(app, { db });
  registerWalletTransactionsModule(app, { db, approvals });
  registerCommissionsModule(app, { db });
  registerTransactionsOverviewModule(app, { db, clock });
  registerSavedViewsModule(app, { db });
  registerMembersModule(app, { db, clock, ssoProviders: config.sso.providers });
  registerIntegrationsModule(app, { db, clock, service: integrations.service });
  registerSettingsModule(app, { db, clock, passwordPerMinute: config.authRequestsPerMinute });
  registerReportsModule(app, { db, clock });

  // Fraud check, its parts in the order they depend on each other: the engine that raises alerts,
  // the rules and the blocklist, cases, alerts (whose bulk action attaches to cases), screening and
  // the demo's live activity. A part gets what it needs from an earlier one as functions, never by
  // importing its service.
  const engine = registerFraudEngine(app, { db, clock, config, runs });
  registerFraudRules(app, { db, clock, runs, countCandidates: engine.countCandidates });
  registerFraudBlocklist(app, { db, clock, runs });
  const cases = registerFraudCases(app, { db, clock, config, linkedCustomers });
  registerFraudAlerts(app, { db, clock, restrictions, attachToCase: cases.attachAlertsToCase, bulkGate });
  const screening = registerFraudScreening(app, {
    db,
    clock,
    runs,
    raiseAlerts: engine.raiseAlerts,
    notice: inbox.notice,
  });
  engine.onCustomerEvents(screening.onCustomerEvents);
  registerFraudDemo(app, { db, clock, config, jobs: app.jobs });
  // The exchange's data in (decision 0025), its batches on threads of their own.
  registerIngestApi(app, {
    clock,
    routes: INGEST_ROUTES,
    idempotency: createIdempotencyService({ db, clock, store: 'integration' }),
    threads: {
      entry: INGEST_THREAD_ENTRY,
      threads: config.ingest.threads,
      data: {
        connectionString: db.$client.options.connectionString!,
        connections: config.ingest.connections,
        niceness: config.ingest.niceness,
      },
    },
  });
  // Decisions out: the events feed and webhooks (decision 0025 outbox).
  registerOutboxModule(app, { db, clock, secret, settings: config.webhooks, run: config.jobs });
  // The exchange's real-time checks read limits, restrictions, the blocklist, screening and the rules.
  registerChecksModule(app, { db, clock, config });

  await registerWebApp(app, config.webDist);
  return app;
}

/**
 * What every node needs to be one of several (docs/decisions/0011-several-nodes.md): the drain
 * registry, metrics, the job queue (its runner started once the app is ready, where JOBS is on),
 * replica routing and the health endpoints. Before any module, so modules can register with them.
 */
function registerPlatform(app: FastifyInstance, config: Config, db: Db): void {
  const drain = createDrain();
  const metrics = createMetrics();
  const jobs = createJobs({ pool: db.$client, log: app.log });
  app.decorate('drain', drain);
  app.decorate('metrics', metrics);
  app.decorate('jobs', jobs);
  const reads = createReads({ primary: db, replicaUrl: config.readDatabaseUrl });
  app.decorate('reads', reads);
  registerReads(app, reads);
  metrics.gauge('backdesk_jobs_waiting', 'Jobs ready to run and not yet taken, all nodes', () =>
    jobs.depth(),
  );
  registerHealth(app, { pool: db.$client, drain, metrics, metricsToken: config.metricsToken });
  if (config.jobs) app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.stop();
    metrics.close();
  });
}
