import type { ActionResult } from '@backdesk/contract';
import { quoteFee } from '@backdesk/contract/rules';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { CommissionsRepository, RuleFields } from './commissions.repository.ts';

export function createCommissionsService({ db, repo }: { db: Db; repo: CommissionsRepository }) {
  async function assertKnownType(tx: DbOrTx, customerType: string | null) {
    if (customerType && !(await repo.customerTypes(tx)).some((type) => type.code === customerType))
      throw new AppError('VALIDATION_FAILED', `Unknown customer type ${customerType}`, {
        issues: [{ path: 'customer_type', message: 'Unknown customer type' }],
      });
  }

  /** Locks the rule at the version the member edited; a newer one means someone else changed it. */
  async function lockAt(tx: DbOrTx, id: number, version: number) {
    const rule = await repo.lock(tx, id);
    if (!rule) throw new AppError('NOT_FOUND', 'No such commission rule');
    if (rule.version !== version)
      throw new AppError('CONFLICT', 'Someone else changed this rule meanwhile; reload it and try again');
    return rule;
  }

  return {
    async list() {
      const [items, customer_types] = await Promise.all([repo.list(db), repo.customerTypes(db)]);
      return { items, customer_types };
    },

    create: (rule: RuleFields, memberId: number): Promise<ActionResult & { id: number }> =>
      db.transaction(async (tx) => {
        await assertKnownType(tx, rule.customer_type);
        const created = await repo.insert(tx, rule);
        await recordAudit(tx, {
          memberId,
          action: 'create',
          entity: 'commission_rule',
          entityId: created.id,
          after: created,
        });
        return {
          success: true,
          message: 'Commission rule created',
          version: created.version,
          id: created.id,
        };
      }),

    update: (id: number, version: number, rule: RuleFields, memberId: number): Promise<ActionResult> =>
      db.transaction(async (tx) => {
        await assertKnownType(tx, rule.customer_type);
        const before = await lockAt(tx, id, version);
        const after = await repo.update(tx, id, rule);
        await recordAudit(tx, {
          memberId,
          action: 'update',
          entity: 'commission_rule',
          entityId: id,
          before,
          after,
        });
        return { success: true, message: 'Commission rule saved', version: after.version };
      }),

    delete: (id: number, version: number, memberId: number): Promise<ActionResult> =>
      db.transaction(async (tx) => {
        const before = await lockAt(tx, id, version);
        await repo.delete(tx, id);
        await recordAudit(tx, {
          memberId,
          action: 'delete',
          entity: 'commission_rule',
          entityId: id,
          before,
        });
        return { success: true, message: 'Commission rule deleted', version: before.version };
      }),

    async preview(lookup: {
      operation: string;
      asset: string;
      customer_type: string | null;
      amount: string;
    }) {
      const [rules, types] = await Promise.all([repo.list(db), repo.customerTypes(db)]);
      const discount = types.find((type) => type.code === lookup.customer_type)?.commission_discount;
      const { rule, fee, discount: applied } = quoteFee(rules, { ...lookup, discount });
      return { rule_id: rule?.id ?? null, fee, discount: applied };
    },
  };
}
export type CommissionsService = ReturnType<typeof createCommissionsService>;
