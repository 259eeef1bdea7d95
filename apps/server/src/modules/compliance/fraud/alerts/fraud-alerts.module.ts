import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../../db/client.ts';
import type { Clock } from '../../../../lib/clock.ts';
import type { RestrictionsService } from '../../../crm/index.ts';
import { createChanges } from '../../../platform/audit/changes.ts';
import type { BulkGate } from '../../../platform/bulk/bulk.module.ts';
import { createFraudAlertsRepository } from './fraud-alerts.repository.ts';
import { registerFraudAlertRoutes } from './fraud-alerts.routes.ts';
import { type AttachAlertsToCase, createFraudAlertsService } from './fraud-alerts.service.ts';

export type { AttachAlertsToCase } from './fraud-alerts.service.ts';
export { linkedCustomers } from './linked-customers.ts';

/** Wires fraud alerts; the bulk "attach to a case" goes through the cases part's own attach. */
export function registerFraudAlerts(
  app: FastifyInstance,
  deps: {
    db: Db;
    clock: Clock;
    restrictions: RestrictionsService;
    attachToCase: AttachAlertsToCase;
    bulkGate: BulkGate;
  },
): void {
  const service = createFraudAlertsService({
    db: deps.db,
    clock: deps.clock,
    repo: createFraudAlertsRepository(),
    changes: createChanges(deps.db),
    restrictions: deps.restrictions,
    attachToCase: deps.attachToCase,
    bulkGate: deps.bulkGate,
  });
  registerFraudAlertRoutes(app, { service });
}
