import type { crmApi, Restriction } from '@backdesk/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Actor, Changes } from '../../platform/audit/changes.ts';
import type { RestrictionRow, RestrictionsRepository } from './restrictions.repository.ts';

const toRestriction = (row: RestrictionRow): Restriction => ({
  ...row,
  id: Number(row.id),
  customer_id: Number(row.customer_id),
});

/** Whether a customer exists: the one thing restrictions need to know of customers (a port, wired by the module). */
export type CustomerExists = (db: DbOrTx, customerId: number) => Promise<boolean>;

/** What the audit trail keeps of a restriction: what was decided, and whether and why it was lifted. */
const auditedOf = (row: RestrictionRow) => ({
  kind: row.kind,
  reason: row.reason,
  starts_at: row.starts_at,
  ends_at: row.ends_at,
});
const liftOf = (row: RestrictionRow) => ({
  state: row.state,
  lifted_at: row.lifted_at,
  lift_reason: row.lift_reason,
});

export function createRestrictionsService(deps: {
  db: Db;
  repo: RestrictionsRepository;
  changes: Changes;
  customerExists: CustomerExists;
}) {
  const { db, repo, changes } = deps;
  return {
    async list(query: z.output<typeof crmApi.RestrictionsQuerySchema>) {
      const page = await repo.page(db, query);
      return { ...page, items: page.items.map(toRestriction) };
    },

    forCustomer: async (customerId: number) => (await repo.forCustomer(db, customerId)).map(toRestriction),

    /** One audit row, on the restriction, naming its customer so the customer's trail shows it. */
    add(body: z.output<typeof crmApi.AddRestrictionBodySchema>, actor: Actor) {
      return changes.run(actor, async (tx) => {
        if (!(await deps.customerExists(tx, body.customerId))) throw new AppError('CUSTOMER_NOT_FOUND');
        const overlapping = await repo.overlapping(tx, body);
        if (overlapping !== undefined)
          throw new AppError('RESTRICTION_OVERLAPS', { kind: body.kind, id: overlapping });
        const id = await repo.insert(tx, { ...body, createdBy: actor.memberId });
        const row = (await repo.byId(tx, id))!;
        return {
          result: toRestriction(row),
          change: {
            entity: 'customer_restriction',
            action: 'add',
            entityId: id,
            customerId: body.customerId,
            before: null,
            after: auditedOf(row),
          },
        };
      });
    },

    lift(body: z.output<typeof crmApi.liftRestriction.body>, actor: Actor) {
      return changes.run(actor, async (tx) => {
        const before = await repo.byId(tx, body.id, true);
        if (!before) throw new AppError('RESTRICTION_NOT_FOUND');
        if (before.version !== body.version) throw new AppError('STALE_EDIT');
        if (before.lifted_at) throw new AppError('RESTRICTION_ALREADY_LIFTED');
        await repo.lift(tx, body.id, actor.memberId, body.reason);
        const after = (await repo.byId(tx, body.id))!;
        return {
          result: toRestriction(after),
          change: {
            entity: 'customer_restriction',
            action: 'lift',
            entityId: body.id,
            customerId: Number(before.customer_id),
            before: liftOf(before),
            after: liftOf(after),
          },
        };
      });
    },
  };
}
export type RestrictionsService = ReturnType<typeof createRestrictionsService>;
