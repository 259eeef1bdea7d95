import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { createLimitsRepository } from '../limits/limits.repository.ts';
import { createWalletTransactionsRepository } from './wallet-transactions.repository.ts';
import { registerWalletTransactionsRoutes } from './wallet-transactions.routes.ts';
import { createWalletTransactionsService } from './wallet-transactions.service.ts';

/** Wires wallet transactions and withdrawal review (which reads limits through their repository). */
export function registerWalletTransactionsModule(app: FastifyInstance, { db }: { db: Db }): void {
  const wallet = createWalletTransactionsService({
    db,
    repo: createWalletTransactionsRepository(),
    limits: createLimitsRepository(),
  });
  registerWalletTransactionsRoutes(app, { db, wallet });
}
