import { crmApi } from '@backdesk/contract';
import { Decimal } from '@backdesk/contract/rules';
import type { z } from 'zod';
import type { Db, Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit } from '../../platform/audit/audit.repository.ts';
import type { Actor, Changes } from '../../platform/audit/changes.ts';
import type { BulkGate } from '../../platform/bulk/bulk.module.ts';
import { recordDecisionEvents } from '../../platform/outbox/decision-events.ts';
import type { ChosenCustomers, CustomerTypesRepository } from './customer-types.repository.ts';

type UpdateBody = z.output<typeof crmApi.UpdateCustomerTypeBodySchema>;
type MoveBody = z.output<typeof crmApi.MoveCustomersBodySchema>;

/** The four-eyes kind of a move of many above the bulk threshold. */
export const CUSTOMER_TYPES_MOVE = 'customer_types_move';

const applied = (count: number) => ({ count, applied: true, needs_approval: false, approval_id: null });
const notApplied = (count: number) => ({
  success: true as const,
  moved: 0,
  count,
  applied: false,
  needs_approval: false,
  approval_id: null as number | null,
});
const tooMany = (count: number) => {
  if (count > crmApi.MAX_MOVE_MATCHING)
    throw new AppError('CUSTOMERS_MOVE_TOO_MANY', { count, max: crmApi.MAX_MOVE_MATCHING });
  return count;
};
/** The one audit row of a move of many, on the tier: who (filters or ids) and how many moved. */
const moveRow = (to: string, chosen: ChosenCustomers, count: number) => ({
  entity: 'customer_type' as const,
  action: 'move_matching' as const,
  entityId: to,
  before: null,
  after: { ...chosen, count },
});
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
  bulkGate: BulkGate;
}) {
  const { db, repo, changes, bulkGate } = deps;

  async function moveOne(tx: Tx, customerId: number, to: string) {
    const from = await repo.lockCustomerTier(tx, customerId);
    if (from === undefined) throw new AppError('CUSTOMER_NOT_FOUND');
    if (from === to) return { result: { success: true as const, moved: 0, ...applied(0) }, change: null };
    await repo.moveOne(tx, customerId, to);
    return {
      result: { success: true as const, moved: 1, ...applied(1) },
      change: {
        entity: 'customer' as const,
        action: 'move_tier' as const,
        entityId: customerId,
        before: { customer_type: from },
        after: { customer_type: to },
      },
    };
  }

  /** Moves the ids still not in the tier, each with its event; answers who moved. */
  async function moveMany(tx: Tx, actor: Actor, ids: number[], to: string) {
    const moved = await repo.moveIds(tx, ids, to);
    await recordDecisionEvents(
      tx,
      actor,
      moved.map((m) => ({
        entity: 'customer',
        action: 'move_tier',
        entityId: m.id,
        customerId: m.id,
        before: { customer_type: m.from_tier },
        after: { customer_type: to },
      })),
    );
    return moved;
  }

  // The second member's approval moves the frozen ids that are still elsewhere.
  bulkGate.register(CUSTOMER_TYPES_MOVE, {
    entity: 'customer_type',
    apply: async (tx, ids, params, actor) => {
      const { to, chosen } = params as { to: string; chosen: ChosenCustomers };
      if (!(await repo.lock(tx, to))) throw new AppError('CUSTOMER_TYPE_NOT_FOUND');
      const moved = await moveMany(tx, actor, ids, to);
      const row = moveRow(to, chosen, moved.length);
      if (moved.length)
        await recordAudit(tx, {
          memberId: actor.memberId,
          integrationId: null,
          requestId: actor.requestId,
          ...row,
          customerId: null,
        });
      return moved.map((m) => m.id);
    },
  });

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
     * One customer: one row on that customer. Several (by ids or by the list's filters): a bulk action
     * (platform/bulk) — a dry run counts who would move; applying locks them, refuses a count that is
     * no longer the one confirmed, and above the threshold files a four-eyes request over those ids
     * instead. A move writes one row on the tier naming who and how many, and each moved customer's
     * `customer.type_changed` event for the exchange. Moving nobody writes nothing.
     */
    move(body: MoveBody, actor: Actor) {
      return changes.run(actor, async (tx) => {
        if (!(await repo.lock(tx, body.to))) throw new AppError('CUSTOMER_TYPE_NOT_FOUND');
        if (body.customerId !== undefined) return moveOne(tx, body.customerId, body.to);
        let chosen: ChosenCustomers;
        if (body.customerIds) {
          const ids = [...new Set(body.customerIds)].sort((a, b) => a - b);
          const existing = await repo.lockExisting(tx, ids);
          const missing = ids.filter((id) => !existing.has(id));
          // All or nothing: a list with a wrong id is a mistake the member must see, not a partial move.
          if (missing.length) throw new AppError('CUSTOMERS_NOT_FOUND', { ids: missing.join(', ') });
          chosen = { customer_ids: ids };
        } else {
          chosen = { filters: body.filters ?? {} };
        }
        if (body.dry_run) {
          const count = tooMany(await repo.countMovable(tx, chosen, body.to));
          const needs_approval = await bulkGate.needsApproval(tx, count);
          return { result: { ...notApplied(count), needs_approval }, change: null };
        }
        const ids = await repo.lockMovable(tx, chosen, body.to, crmApi.MAX_MOVE_MATCHING + 1);
        tooMany(ids.length);
        if (body.expected !== undefined && ids.length !== body.expected)
          throw new AppError('CUSTOMERS_MOVE_CHANGED', { count: ids.length, expected: body.expected });
        const held = await bulkGate.hold(tx, actor, {
          kind: CUSTOMER_TYPES_MOVE,
          action: 'move',
          ids,
          params: { to: body.to, chosen },
          typedCount: body.typed_count,
          reason: body.reason,
        });
        if (held.held)
          return {
            result: { ...notApplied(ids.length), needs_approval: true, approval_id: held.approvalId },
            change: held.change,
          };
        const moved = await moveMany(tx, actor, ids, body.to);
        return {
          result: { success: true as const, moved: moved.length, ...applied(ids.length) },
          change: moved.length ? moveRow(body.to, chosen, moved.length) : null,
        };
      });
    },
  };
}
export type CustomerTypesService = ReturnType<typeof createCustomerTypesService>;
