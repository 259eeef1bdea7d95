import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { createChanges } from '../audit/changes.ts';
import type { RestrictionsService } from '../restrictions/restrictions.service.ts';
import { createFraudAlertsRepository } from './fraud-alerts.repository.ts';
import { registerFraudAlertRoutes } from './fraud-alerts.routes.ts';
import { type AttachAlertsToCase, createFraudAlertsService } from './fraud-alerts.service.ts';
import { linkedCustomers } from './linked-customers.ts';

export type { AttachAlertsToCase } from './fraud-alerts.service.ts';
export { linkedCustomers } from './linked-customers.ts';

/**
 * Wires fraud alerts. Cases register after alerts, so their attach (for the bulk action) is handed
 * in later through `useCaseAttach`; until then that one action answers FRAUD_BULK_UNAVAILABLE.
 */
export function registerFraudAlerts(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; restrictions: RestrictionsService },
) {
  const cases: { attach?: AttachAlertsToCase } = {};
  const service = createFraudAlertsService({
    db: deps.db,
    clock: deps.clock,
    repo: createFraudAlertsRepository(),
    changes: createChanges(deps.db),
    restrictions: deps.restrictions,
    cases,
  });
  registerFraudAlertRoutes(app, { service });
  return {
    linkedCustomers,
    useCaseAttach(attach: AttachAlertsToCase): void {
      cases.attach = attach;
    },
  };
}
