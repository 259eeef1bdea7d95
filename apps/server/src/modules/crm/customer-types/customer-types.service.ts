import type { CustomerFilters, crmApi } from '@backdesk/contract';
import { Decimal } from '@backdesk/contract/rules';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Actor, Changes } from '../../platform/audit/changes.ts';
import type { CustomerTypesRepository } from './customer-types.repository.ts';

type UpdateBody = z.output<typeof crmApi.UpdateCustomerTypeBodySchema>;
type EditableType = Pick<UpdateBody, 'name' | 'description' | 'required_kyc_level' | 'commission_discount'>;

/** The fields a member edits; the discount is compared as a number ("12.5" is "12.50"). */
const editableOf = (t: EditableType) => ({
  name: t.name,
  description: t.description,
  required_kyc_level: t.required_kyc_level,
  commission_discount: new Decimal(t.commission_discount).toFixed(),
});
const sameType = (a: EditableType, b: EditableType) =>
  JSON.stringify(editableOf(a)) === JSON.stringify(editableOf(b));

export function createCustomerTypesService(deps: {
  db: Db;
  repo: CustomerTypesRepository;
  changes: Changes;
}) {
  const { db, repo, changes } = deps;
  return {
    list: async () => ({ items: await repo.list(db) }),

    /** A stale version is refused; an edit that changes nothing writes nothing and keeps the version. */
    update(body: UpdateBody, actor: Actor) {
      return changes.run(actor, async (tx) => {
        const before = await repo.lock(tx, body.code);
        if (!before) throw new AppError('CUSTOMER_TYPE_NOT_FOUND');
        if (before.version !== body.version) throw new AppError('STALE_EDIT');
        const after = sameType(before, body) ? before : await repo.update(tx, body);
        return {
          result: {
            success: true as const,
            item: { ...after, customers: await repo.countOf(tx, body.code) },
          },
          change:
            after === before
              ? null
              : {
                  entity: 'customer_type',
                  action: 'update',
                  entityId: body.code,
                  before: editableOf(before),
                  after: editableOf(after),
                },
        };
      });
    },

    /**
     * One customer: one row on that customer. Every customer matching the filters: one decision, so
     * one row on the tier naming the filters and how many moved. Moving nobody writes nothing.
     */
    move(body: z.output<typeof crmApi.MoveCustomersBodySchema>, actor: Actor) {
      return changes.run(actor, async (tx) => {
        if (!(await repo.lock(tx, body.to))) throw new AppError('CUSTOMER_TYPE_NOT_FOUND');
        if (body.customerId !== undefined) {
          const from = await repo.lockCustomerTier(tx, body.customerId);
          if (from === undefined) throw new AppError('CUSTOMER_NOT_FOUND');
          if (from === body.to) return { result: { success: true as const, moved: 0 }, change: null };
          await repo.moveOne(tx, body.customerId, body.to);
          return {
            result: { success: true as const, moved: 1 },
            change: {
              entity: 'customer',
              action: 'move_tier',
              entityId: body.customerId,
              before: { customer_type: from },
              after: { customer_type: body.to },
            },
          };
        }
        let chosen: { filters: CustomerFilters } | { customer_ids: number[] };
        let moved: number;
        if (body.customerIds) {
          const ids = [...new Set(body.customerIds)].sort((a, b) => a - b);
          const existing = await repo.lockExisting(tx, ids);
          const missing = ids.filter((id) => !existing.has(id));
          // All or nothing: a list with a wrong id is a mistake the member must see, not a partial move.
          if (missing.length) throw new AppError('CUSTOMERS_NOT_FOUND', { ids: missing.join(', ') });
          chosen = { customer_ids: ids };
          moved = await repo.moveIds(tx, ids, body.to);
        } else {
          chosen = { filters: body.filters ?? {} };
          moved = await repo.moveMatching(tx, chosen.filters, body.to);
        }
        return {
          result: { success: true as const, moved },
          change: moved
            ? {
                entity: 'customer_type',
                action: 'move_matching',
                entityId: body.to,
                before: null,
                after: { ...chosen, count: moved },
              }
            : null,
        };
      });
    },
  };
}
export type CustomerTypesService = ReturnType<typeof createCustomerTypesService>;
