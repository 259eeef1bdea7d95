import { type ActionResult, errorMessage } from '@backdesk/contract';
import { Decimal, quoteFee } from '@backdesk/contract/rules';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Actor, Changes } from '../../platform/audit/changes.ts';
import type { CommissionsRepository, RuleFields } from './commissions.repository.ts';

const AMOUNT_FIELDS = ['value', 'min_fee', 'max_fee'] as const;

/** Whether an edit leaves the rule as it is: amounts compare as numbers ("0.10" is "0.1"). */
function sameRule(current: RuleFields, edit: RuleFields): boolean {
  const sameAmount = (a: string | null, b: string | null) =>
    a === null || b === null ? a === b : new Decimal(a).eq(b);
  return (
    current.operation === edit.operation &&
    current.asset === edit.asset &&
    current.customer_type === edit.customer_type &&
    current.kind === edit.kind &&
    AMOUNT_FIELDS.every((field) => sameAmount(current[field], edit[field]))
  );
}

export function createCommissionsService({
  db,
  changes,
  repo,
}: {
  db: Db;
  changes: Changes;
  repo: CommissionsRepository;
}) {
  async function assertKnownType(tx: DbOrTx, customerType: string | null) {
    if (customerType && !(await repo.customerTypes(tx)).some((type) => type.code === customerType)) {
      const params = { code: customerType };
      throw new AppError(
        'VALIDATION_FAILED',
        {},
        {
          issues: [
            {
              path: 'customer_type',
              message: errorMessage('UNKNOWN_CUSTOMER_TYPE', params),
              code: 'UNKNOWN_CUSTOMER_TYPE',
              params,
            },
          ],
        },
      );
    }
  }

  /** Locks the rule at the version the member edited; a newer one means someone else changed it. */
  async function lockAt(tx: DbOrTx, id: number, version: number) {
    const rule = await repo.lock(tx, id);
    if (!rule) throw new AppError('COMMISSION_RULE_NOT_FOUND');
    if (rule.version !== version) throw new AppError('STALE_EDIT');
    return rule;
  }

  return {
    async list() {
      const [items, customer_types] = await Promise.all([repo.list(db), repo.customerTypes(db)]);
      return { items, customer_types };
    },

    create: (actor: Actor, rule: RuleFields): Promise<ActionResult & { id: number }> =>
      changes.run(actor, async (tx) => {
        await assertKnownType(tx, rule.customer_type);
        const created = await repo.insert(tx, rule);
        return {
          result: {
            success: true,
            message: 'Commission rule created',
            version: created.version,
            id: created.id,
          },
          change: {
            entity: 'commission_rule',
            action: 'create',
            entityId: created.id,
            before: null,
            after: created,
          },
        };
      }),

    /** Saves an edit; one that changes nothing writes nothing and keeps the version. */
    update: (actor: Actor, id: number, version: number, rule: RuleFields): Promise<ActionResult> =>
      changes.run(actor, async (tx) => {
        await assertKnownType(tx, rule.customer_type);
        const before = await lockAt(tx, id, version);
        if (sameRule(before, rule))
          return { result: { success: true, message: 'Commission rule unchanged', version }, change: null };
        const after = await repo.update(tx, id, rule);
        return {
          result: { success: true, message: 'Commission rule saved', version: after.version },
          change: { entity: 'commission_rule', action: 'update', entityId: id, before, after },
        };
      }),

    delete: (actor: Actor, id: number, version: number): Promise<ActionResult> =>
      changes.run(actor, async (tx) => {
        const before = await lockAt(tx, id, version);
        await repo.delete(tx, id);
        return {
          result: { success: true, message: 'Commission rule deleted', version: before.version },
          change: { entity: 'commission_rule', action: 'delete', entityId: id, before, after: null },
        };
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
