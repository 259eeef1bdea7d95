import type { TravelRuleJurisdiction } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { ApprovalsService } from '../../platform/approvals/approvals.service.ts';
import { createChanges } from '../../platform/audit/changes.ts';
import { registerTravelRuleRoutes } from './travel-rule.routes.ts';
import { createTravelRuleService, type TravelRuleService } from './travel-rule.service.ts';
import { createTravelRuleRecordsRepository } from './travel-rule-records.repository.ts';
import { createTravelRuleRelease } from './travel-rule-release.ts';
import { createTravelRuleRetention, RETENTION_JOB, RETENTION_SCHEDULE } from './travel-rule-retention.ts';
import { createTravelRuleSettingsService } from './travel-rule-settings.ts';
import { createVaspsRepository } from './vasps.repository.ts';
import { createVaspsService } from './vasps.service.ts';

/**
 * Wires the travel rule (docs/decisions/0026-travel-rule.md): records and their queue, the rules per
 * jurisdiction, the VASP directory. The records service is returned so the demo seed and, later, the
 * public API open records through it.
 */
export function registerTravelRuleModule(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; home: TravelRuleJurisdiction; approvals: ApprovalsService },
): TravelRuleService {
  const changes = createChanges(deps.db);
  const repo = createTravelRuleRecordsRepository();
  const records = createTravelRuleService({
    db: deps.db,
    repo,
    changes,
    clock: deps.clock,
    home: deps.home,
  });
  registerTravelRuleRoutes(app, {
    records,
    release: createTravelRuleRelease({ db: deps.db, changes, repo, records, approvals: deps.approvals }),
    settings: createTravelRuleSettingsService({ db: deps.db, changes, home: deps.home }),
    vasps: createVaspsService({ db: deps.db, repo: createVaspsRepository(), changes }),
  });
  const retention = createTravelRuleRetention({ db: deps.db, clock: deps.clock });
  app.jobs.task(RETENTION_JOB, async () => {
    await retention.run();
  });
  app.jobs.schedule(RETENTION_JOB, RETENTION_SCHEDULE);
  return records;
}
