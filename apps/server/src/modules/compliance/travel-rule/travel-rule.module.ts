import type { TravelRuleJurisdiction } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config/config.ts';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { ApprovalsService } from '../../platform/approvals/approvals.service.ts';
import { createChanges } from '../../platform/audit/changes.ts';
import { ownUrl } from '../fraud/demo/fraud-demo.module.ts';
import { createSelfHostedRepository } from './self-hosted.repository.ts';
import { createSelfHostedService } from './self-hosted.service.ts';
import { registerTravelRuleRoutes } from './travel-rule.routes.ts';
import { createTravelRuleService, type TravelRuleService } from './travel-rule.service.ts';
import { announcePassedDeadlines, DEADLINES_JOB, DEADLINES_SCHEDULE } from './travel-rule-deadlines.ts';
import { createTravelRuleExport } from './travel-rule-export.ts';
import { createTravelRuleRecordsRepository } from './travel-rule-records.repository.ts';
import { createTravelRuleRelease } from './travel-rule-release.ts';
import { createTravelRuleRetention, RETENTION_JOB, RETENTION_SCHEDULE } from './travel-rule-retention.ts';
import { createTravelRuleSettingsService } from './travel-rule-settings.ts';
import { registerTrpRoutes, TRP_PREFIX } from './trp/trp.routes.ts';
import { createTrpService } from './trp/trp.service.ts';
import { createTrpTokenBox } from './trp/trp-credentials.ts';
import { trpOpenApi } from './trp/trp-openapi.ts';
import { TRP_JOBS } from './trp/trp-start.ts';
import { createVaspsRepository } from './vasps.repository.ts';
import { createVaspsService } from './vasps.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** TRP's own OpenAPI document; the tests hold /trp/v1 answers to it (test/declared-answers.ts). */
    trpApi: { document(): unknown };
  }
}

const idOf = (payload: unknown) => Number((payload as { id: number }).id);

/**
 * Wires the travel rule (docs/decisions/0026-travel-rule.md): records and their queue, the rules per
 * jurisdiction, the VASP directory, the Travel Rule Protocol with other exchanges and its jobs
 * (decision 0030), and the deadline job. The records service is returned so the demo seed and the
 * public API open records through it.
 */
export function registerTravelRuleModule(
  app: FastifyInstance,
  deps: {
    db: Db;
    clock: Clock;
    home: TravelRuleJurisdiction;
    secret: string;
    config: Config;
    approvals: ApprovalsService;
  },
): TravelRuleService {
  const { db, clock, config } = deps;
  const changes = createChanges(db);
  const box = createTrpTokenBox(deps.secret);
  const repo = createTravelRuleRecordsRepository();
  const records = createTravelRuleService({
    db,
    repo,
    changes,
    clock,
    home: deps.home,
  });
  registerTravelRuleRoutes(app, {
    records,
    release: createTravelRuleRelease({ db, changes, repo, records, approvals: deps.approvals }),
    settings: createTravelRuleSettingsService({ db, changes, home: deps.home }),
    vasps: createVaspsService({ db, repo: createVaspsRepository(), changes, box }),
    selfHosted: createSelfHostedService({ db, repo: createSelfHostedRepository(), changes, records }),
    exports: createTravelRuleExport({ db, changes, clock }),
  });

  const trpUrl = () => {
    if (config.trpPublicUrl) return config.trpPublicUrl;
    if (config.publicOrigin) return `${config.publicOrigin}${TRP_PREFIX}`;
    const own = ownUrl(app.server.address());
    return own ? `${own}${TRP_PREFIX}` : undefined;
  };
  const trp = createTrpService({
    db,
    clock,
    home: deps.home,
    changes,
    box,
    ownUrl: trpUrl,
    timeoutMs: config.webhooks.timeoutMs,
    allowPrivate: config.webhooks.allowPrivateAddresses,
    log: app.log,
  });
  const document = () => trpOpenApi(trpUrl());
  app.decorate('trpApi', { document });
  registerTrpRoutes(app, { service: trp, document });
  app.jobs.task(TRP_JOBS.inquire, (payload) => trp.sendInquiry(idOf(payload)));
  app.jobs.task(TRP_JOBS.answer, (payload) => trp.sendAnswer(idOf(payload)));
  app.jobs.task(TRP_JOBS.confirm, (payload) => trp.sendConfirmation(idOf(payload)));
  app.jobs.task(DEADLINES_JOB, async () => {
    await announcePassedDeadlines(db, clock.now());
  });
  app.jobs.schedule(DEADLINES_JOB, DEADLINES_SCHEDULE);
  const retention = createTravelRuleRetention({ db, clock });
  app.jobs.task(RETENTION_JOB, async () => {
    await retention.run();
  });
  app.jobs.schedule(RETENTION_JOB, RETENTION_SCHEDULE);
  return records;
}
