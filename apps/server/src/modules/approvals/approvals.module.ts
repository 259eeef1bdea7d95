import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { createChanges } from '../audit/changes.ts';
import { createApprovalsRepository } from './approvals.repository.ts';
import { registerApprovalsRoutes } from './approvals.routes.ts';
import { type ApprovalsService, createApprovalsService } from './approvals.service.ts';

/** How often requests past their expiry are marked expired (a touched one is marked at once). */
const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * Wires four-eyes: repository → service → routes, and the sweep that marks expired requests while
 * the app runs. Returns the service so areas can register their kinds (`registerKind`).
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

  let sweep: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep = setInterval(() => {
      approvals.expireDue().catch((err: unknown) => app.log.error({ err }, 'approval expiry sweep failed'));
    }, SWEEP_EVERY_MS);
    sweep.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweep));
  return approvals;
}
