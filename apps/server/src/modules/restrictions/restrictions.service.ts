import { CRM_MESSAGES, type crmApi, type Restriction } from '@backdesk/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { RestrictionRow, RestrictionsRepository } from './restrictions.repository.ts';

const toRestriction = (row: RestrictionRow): Restriction => ({
  ...row,
  id: Number(row.id),
  customer_id: Number(row.customer_id),
});

export function createRestrictionsService(deps: {
  db: Db;
  repo: RestrictionsRepository;
  customerExists: (id: number) => Promise<boolean>;
}) {
  const { db, repo } = deps;
  return {
    async list(query: z.output<typeof crmApi.RestrictionsQuerySchema>) {
      const page = await repo.page(db, query);
      return { ...page, items: page.items.map(toRestriction) };
    },

    forCustomer: async (customerId: number) => (await repo.forCustomer(db, customerId)).map(toRestriction),

    async add(body: z.output<typeof crmApi.AddRestrictionBodySchema>, memberId: number) {
      if (!(await deps.customerExists(body.customerId))) {
        throw new AppError('NOT_FOUND', CRM_MESSAGES.customerNotFound);
      }
      return db.transaction(async (tx) => {
        const id = await repo.insert(tx, { ...body, createdBy: memberId });
        const row = (await repo.byId(tx, id))!;
        await recordAudit(tx, {
          memberId,
          action: 'restriction.add',
          entity: 'customer_restriction',
          entityId: id,
          after: row,
        });
        // The customer's own history shows it too.
        await recordAudit(tx, {
          memberId,
          action: 'restriction.add',
          entity: 'customer',
          entityId: body.customerId,
          after: { restriction: id, kind: row.kind, reason: row.reason },
        });
        return toRestriction(row);
      });
    },

    async lift(body: z.output<typeof crmApi.liftRestriction.body>, memberId: number) {
      return db.transaction(async (tx) => {
        const before = await repo.byId(tx, body.id, true);
        if (!before) throw new AppError('NOT_FOUND', CRM_MESSAGES.restrictionNotFound);
        if (before.version !== body.version) throw new AppError('CONFLICT', CRM_MESSAGES.staleEdit);
        if (before.lifted_at) throw new AppError('CONFLICT', CRM_MESSAGES.restrictionAlreadyLifted);
        await repo.lift(tx, body.id, memberId, body.reason);
        const after = (await repo.byId(tx, body.id))!;
        await recordAudit(tx, {
          memberId,
          action: 'restriction.lift',
          entity: 'customer_restriction',
          entityId: body.id,
          before,
          after,
        });
        await recordAudit(tx, {
          memberId,
          action: 'restriction.lift',
          entity: 'customer',
          entityId: before.customer_id,
          before: { restriction: body.id, state: before.state },
          after: { restriction: body.id, state: after.state, reason: body.reason },
        });
        return toRestriction(after);
      });
    },
  };
}
export type RestrictionsService = ReturnType<typeof createRestrictionsService>;
