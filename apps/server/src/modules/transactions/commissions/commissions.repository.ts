import type { CommissionCustomerType, CommissionRule } from '@backdesk/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { commissionRules, customerTypes } from '../../../db/schema.ts';
import { isoUtc } from '../../../db/sql/index.ts';

const amountText = (column: typeof commissionRules.value) => sql<string>`trim_scale(${column})::text`;

const ruleColumns = {
  id: commissionRules.id,
  operation: sql<CommissionRule['operation']>`${commissionRules.operation}`,
  asset: commissionRules.asset,
  customer_type: commissionRules.customerType,
  kind: sql<CommissionRule['kind']>`${commissionRules.kind}`,
  value: amountText(commissionRules.value),
  min_fee: sql<string | null>`trim_scale(${commissionRules.minFee})::text`,
  max_fee: sql<string | null>`trim_scale(${commissionRules.maxFee})::text`,
  updated_at: isoUtc(commissionRules.updatedAt),
  version: commissionRules.version,
};

export type RuleFields = Pick<
  CommissionRule,
  'operation' | 'asset' | 'customer_type' | 'kind' | 'value' | 'min_fee' | 'max_fee'
>;

const toColumns = (rule: RuleFields) => ({
  operation: rule.operation,
  asset: rule.asset,
  customerType: rule.customer_type,
  kind: rule.kind,
  value: rule.value,
  minFee: rule.min_fee,
  maxFee: rule.max_fee,
});

export function createCommissionsRepository() {
  return {
    list(db: DbOrTx): Promise<CommissionRule[]> {
      return db
        .select(ruleColumns)
        .from(commissionRules)
        .orderBy(
          asc(commissionRules.operation),
          asc(commissionRules.asset),
          asc(commissionRules.customerType),
          asc(commissionRules.id),
        );
    },

    /** Every customer type by rank, with its commission discount (percent, exact). */
    customerTypes(db: DbOrTx): Promise<CommissionCustomerType[]> {
      return db
        .select({
          code: customerTypes.code,
          name: customerTypes.name,
          commission_discount: customerTypes.commissionDiscount,
        })
        .from(customerTypes)
        .orderBy(asc(customerTypes.rank));
    },

    async lock(tx: DbOrTx, id: number): Promise<CommissionRule | undefined> {
      const [row] = await tx
        .select(ruleColumns)
        .from(commissionRules)
        .where(eq(commissionRules.id, id))
        .for('update');
      return row;
    },

    async insert(tx: DbOrTx, rule: RuleFields): Promise<CommissionRule> {
      const [row] = await tx.insert(commissionRules).values(toColumns(rule)).returning(ruleColumns);
      return row!;
    },

    async update(tx: DbOrTx, id: number, rule: RuleFields): Promise<CommissionRule> {
      const [row] = await tx
        .update(commissionRules)
        .set({ ...toColumns(rule), updatedAt: sql`now()`, version: sql`${commissionRules.version} + 1` })
        .where(eq(commissionRules.id, id))
        .returning(ruleColumns);
      return row!;
    },

    async delete(tx: DbOrTx, id: number): Promise<void> {
      await tx.delete(commissionRules).where(eq(commissionRules.id, id));
    },
  };
}
export type CommissionsRepository = ReturnType<typeof createCommissionsRepository>;
