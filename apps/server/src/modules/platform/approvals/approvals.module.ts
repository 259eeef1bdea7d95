import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { createChanges } from '../audit/changes.ts';
import { createApprovalsRepository } from './approvals.repository.ts';
import { registerApprovalsRoutes } from './approvals.routes.ts';
import { type ApprovalsService, createApprovalsService } from './approvals.service.ts';

/** Marks requests past their expiry expired (a touched one is marked at once), every five minutes. */
const EXPIRE_JOB = 'approvals.expire';
const EXPIRE_SCHEDULE = '*/5 * * * *';

/**
 * Wires four-eyes: repository → service → routes, and the scheduled job (app.jobs, once across
 * the nodes) that marks expired requests. Returns the service so areas can register their kinds (`registerKind`).
 */
export function registerApprovalsModule(
  app: FastifyInstance,
  { db, clock }: { db: Db; clock: Clock },
): ApprovalsService {
  const approvals = createApprovalsService({
    db,
    clock,
    changes: createChanges(db),
    repo: createApprovalsRepository(),
  });
  registerApprovalsRoutes(app, { approvals });

  app.jobs.task(EXPIRE_JOB, async () => {
    await approvals.expireDue();
  });
  app.jobs.schedule(EXPIRE_JOB, EXPIRE_SCHEDULE);
  return approvals;
}
