import { CRM_MESSAGES, type crmApi } from '@backdesk/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { CustomerTypesRepository } from './customer-types.repository.ts';

export function createCustomerTypesService(deps: { db: Db; repo: CustomerTypesRepository }) {
  const { db, repo } = deps;
  return {
    list: async () => ({ items: await repo.list(db) }),

    async update(body: z.output<typeof crmApi.UpdateCustomerTypeBodySchema>, memberId: number) {
      return db.transaction(async (tx) => {
        const before = await repo.lock(tx, body.code);
        if (!before) throw new AppError('NOT_FOUND', CRM_MESSAGES.tierNotFound);
        if (before.version !== body.version) throw new AppError('CONFLICT', CRM_MESSAGES.staleEdit);
        const after = await repo.update(tx, body);
        await recordAudit(tx, {
          memberId,
          action: 'customer_type.update',
          entity: 'customer_type',
          entityId: body.code,
          before,
          after,
        });
        return { success: true as const, item: { ...after, customers: await repo.countOf(tx, body.code) } };
      });
    },

    async move(body: z.output<typeof crmApi.MoveCustomersBodySchema>, memberId: number) {
      return db.transaction(async (tx) => {
        if (!(await repo.lock(tx, body.to))) throw new AppError('NOT_FOUND', CRM_MESSAGES.tierNotFound);
        if (body.customerId !== undefined) {
          const moved = await repo.moveOne(tx, body.customerId, body.to);
          if (moved) {
            await recordAudit(tx, {
              memberId,
              action: 'customer.move_tier',
              entity: 'customer',
              entityId: body.customerId,
              before: { customer_type: moved.before ?? 'bronze' },
              after: { customer_type: body.to },
            });
          }
          return { success: true as const, moved: moved ? 1 : 0 };
        }
        // A bulk move is one decision: one audit row naming the filters and how many moved.
        const filters = body.filters ?? {};
        const moved = await repo.moveMatching(tx, filters, body.to);
        await recordAudit(tx, {
          memberId,
          action: 'customer_type.move_matching',
          entity: 'customer_type',
          entityId: body.to,
          after: { filters, moved },
        });
        return { success: true as const, moved };
      });
    },
  };
}
export type CustomerTypesService = ReturnType<typeof createCustomerTypesService>;
