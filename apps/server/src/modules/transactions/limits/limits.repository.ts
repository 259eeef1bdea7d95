import type { TransactionLimit } from '@backdesk/contract';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { transactionLimits } from '../../../db/schema.ts';
import { isoUtc } from '../../../db/sql/index.ts';

/** numeric(36,18) as its shortest exact text ("250000.000…0" → "250000"). */
const amountText = (column: typeof transactionLimits.minAmount) =>
  sql<string | null>`trim_scale(${column})::text`;

const limitColumns = {
  lid: transactionLimits.lid,
  limit_type: transactionLimits.limitType,
  contract_name: transactionLimits.contractName,
  wallet_address: transactionLimits.walletAddress,
  wallet_name: transactionLimits.walletName,
  min_amount: amountText(transactionLimits.minAmount),
  max_amount: amountText(transactionLimits.maxAmount),
  daily_cap: amountText(transactionLimits.dailyCap),
  monthly_cap: amountText(transactionLimits.monthlyCap),
  created_at: isoUtc(transactionLimits.createdAt),
  version: transactionLimits.version,
};

/**
 * The limits of a type in lid order as one JSON array of `ofType`'s rows, for a statement that reads
 * them beside other things (the real-time check, decision 0025). Same columns, same texts.
 */
export const limitsOfTypeJsonSql = (limitType: string): SQL => sql`(
  SELECT coalesce(json_agg(json_build_object(
           'lid', l.lid, 'limit_type', l.limit_type, 'contract_name', l.contract_name,
           'wallet_address', l.wallet_address, 'wallet_name', l.wallet_name,
           'min_amount', trim_scale(l.min_amount)::text, 'max_amount', trim_scale(l.max_amount)::text,
           'daily_cap', trim_scale(l.daily_cap)::text, 'monthly_cap', trim_scale(l.monthly_cap)::text,
           'created_at', ${isoUtc(sql`l.created_at`)}, 'version', l.version) ORDER BY l.lid), '[]'::json)
    FROM transaction_limits l WHERE l.limit_type = ${limitType})`;

export type NewLimit = Omit<TransactionLimit, 'lid' | 'created_at' | 'version'>;

/** A limit's own fields as its columns, the same for a create and an edit. */
const limitValues = (limit: NewLimit) => ({
  limitType: limit.limit_type,
  contractName: limit.contract_name,
  walletAddress: limit.wallet_address,
  walletName: limit.wallet_name,
  minAmount: limit.min_amount,
  maxAmount: limit.max_amount,
  dailyCap: limit.daily_cap,
  monthlyCap: limit.monthly_cap,
});

export function createLimitsRepository() {
  return {
    /** Every limit in lid order: a few dozen rows by nature (one per operation, contract and wallet). */
    list(db: DbOrTx): Promise<TransactionLimit[]> {
      return db.select(limitColumns).from(transactionLimits).orderBy(asc(transactionLimits.lid));
    },

    ofType(db: DbOrTx, limitType: string): Promise<TransactionLimit[]> {
      return db
        .select(limitColumns)
        .from(transactionLimits)
        .where(eq(transactionLimits.limitType, limitType))
        .orderBy(asc(transactionLimits.lid));
    },

    async insert(tx: DbOrTx, limit: NewLimit, memberId: number): Promise<TransactionLimit> {
      const [row] = await tx
        .insert(transactionLimits)
        .values({ ...limitValues(limit), createdBy: memberId })
        .returning(limitColumns);
      return row!;
    },

    /** The limit, locked until the transaction ends: the one an edit compares and changes. */
    async locked(tx: DbOrTx, lid: number): Promise<TransactionLimit | undefined> {
      const [row] = await tx
        .select(limitColumns)
        .from(transactionLimits)
        .where(eq(transactionLimits.lid, lid))
        .for('update');
      return row;
    },

    async update(tx: DbOrTx, lid: number, limit: NewLimit, memberId: number): Promise<TransactionLimit> {
      const [row] = await tx
        .update(transactionLimits)
        .set({
          ...limitValues(limit),
          version: sql`${transactionLimits.version} + 1`,
          updatedAt: sql`now()`,
          updatedBy: memberId,
        })
        .where(eq(transactionLimits.lid, lid))
        .returning(limitColumns);
      return row!;
    },

    async delete(tx: DbOrTx, lid: number): Promise<TransactionLimit | undefined> {
      const [row] = await tx
        .delete(transactionLimits)
        .where(eq(transactionLimits.lid, lid))
        .returning(limitColumns);
      return row;
    },
  };
}
export type LimitsRepository = ReturnType<typeof createLimitsRepository>;
