import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../../config/config.ts';
import type { Db } from '../../../../db/client.ts';
import type { Clock } from '../../../../lib/clock.ts';
import { createChanges } from '../../../platform/audit/changes.ts';
import { createDocumentStore } from '../../../platform/documents/index.ts';
import { createFollowUps, FOLLOW_UP_JOB } from './follow-up.ts';
import { createFraudCasesRepository } from './fraud-cases.repository.ts';
import { registerFraudCaseRoutes } from './fraud-cases.routes.ts';
import { createFraudCasesService, type LinkedCustomers } from './fraud-cases.service.ts';
import { warmSarRenderer } from './sar-pdf.ts';

/**
 * Wires fraud cases: the service, the follow-up job, report drafts kept in the KYC file store, and
 * the routes. Returns `attachAlertsToCase` for the alerts' bulk action.
 */
export function registerFraudCases(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; config: Config; linkedCustomers?: LinkedCustomers },
) {
  const store = createDocumentStore(deps.config.documents);
  app.addHook('onClose', () => store.close());
  const followUps = createFollowUps({ db: deps.db, clock: deps.clock });
  app.jobs.task(FOLLOW_UP_JOB, async (payload) => {
    const caseId = Number((payload as { caseId?: unknown }).caseId);
    if (Number.isSafeInteger(caseId) && caseId > 0) await followUps.due(caseId);
  });
  const service = createFraudCasesService({
    db: deps.db,
    linkedCustomers: deps.linkedCustomers,
    clock: deps.clock,
    changes: createChanges(deps.db),
    repo: createFraudCasesRepository(),
    followUps,
    jobs: app.jobs,
    store,
  });
  registerFraudCaseRoutes(app, { service, store });
  // The first report draft then takes what a draft takes, not the PDF packages' load as well.
  app.addHook('onListen', () => {
    void warmSarRenderer().catch((err: unknown) => app.log.warn({ err }, 'SAR renderer warm-up failed'));
  });
  return { attachAlertsToCase: service.attachAlertsToCase };
}
