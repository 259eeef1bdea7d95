import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { ApprovalsService } from '../../platform/approvals/approvals.service.ts';
import { createChanges } from '../../platform/audit/changes.ts';
import { createLimitsRepository } from '../limits/limits.repository.ts';
import { createWalletTransactionsRepository } from './wallet-transactions.repository.ts';
import { registerWalletTransactionsRoutes } from './wallet-transactions.routes.ts';
import { createWalletTransactionsService } from './wallet-transactions.service.ts';

/**
 * Wires wallet transactions and withdrawal review, which reads limits through their repository and
 * registers the four-eyes kind `withdrawal_release` with the approvals service.
 */
export function registerWalletTransactionsModule(
  app: FastifyInstance,
  { db, approvals }: { db: Db; approvals: ApprovalsService },
): void {
  const wallet = createWalletTransactionsService({
    db,
    changes: createChanges(db),
    repo: createWalletTransactionsRepository(),
    limits: createLimitsRepository(),
    approvals,
  });
  registerWalletTransactionsRoutes(app, { wallet });
}
