import type { SelfHostedWallet } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { escapeLike } from '../../../db/sql/index.ts';
import { countedKeysetPage } from '../../../lib/counted-page.ts';
import { allOf } from '../../../lib/list-query.ts';
import type { ProofEvidence } from './self-hosted-evidence.ts';
import { ADDRESS_COLUMNS } from './vasps.repository.ts';

// A missing proof sorts as the oldest check: first in the default order (migration 0060's index).
const SORT = {
  proof_checked_at: sql`COALESCE(a.proof_checked_at, '-infinity'::timestamptz)`,
  created_at: sql`a.created_at`,
} as const;

const COLUMNS = sql`${ADDRESS_COLUMNS}, c.user_name,
  (SELECT count(*)::int FROM travel_rule_records r WHERE r.counterparty_address_id = a.id
     AND r.state IN ('required_unverified', 'information_missing', 'awaiting_counterparty')) AS open_records`;

const FROM = sql`vasp_addresses a
  LEFT JOIN staff_members m ON m.id = a.proof_checked_by
  LEFT JOIN customers c ON c.id = a.customer_id`;

export interface SelfHostedFilters {
  q?: string;
  proof?: 'missing' | 'recorded';
  network?: string;
  customerId?: number;
}

function where(f: SelfHostedFilters): SQL {
  const conditions: SQL[] = [sql`a.self_hosted`];
  if (f.q)
    conditions.push(sql`(starts_with(a.address, ${f.q}) OR c.user_name ILIKE ${`%${escapeLike(f.q)}%`})`);
  if (f.proof === 'missing') conditions.push(sql`a.proof_method IS NULL`);
  if (f.proof === 'recorded') conditions.push(sql`a.proof_method IS NOT NULL`);
  if (f.network) conditions.push(sql`a.network = ${f.network}`);
  if (f.customerId) conditions.push(sql`a.customer_id = ${f.customerId}`);
  return allOf(conditions);
}

/** Customers' self-hosted wallets and their proof of ownership (docs/decisions/0026-travel-rule.md). */
export function createSelfHostedRepository() {
  return {
    page(
      db: DbOrTx,
      request: SelfHostedFilters & {
        sort: keyof typeof SORT;
        dir: 'asc' | 'desc';
        cursor?: string;
        limit: number;
      },
    ) {
      return countedKeysetPage<SelfHostedWallet>(
        db,
        {
          columns: COLUMNS,
          from: FROM,
          filter: where(request),
          sort: SORT[request.sort],
          id: sql`a.id`,
          dir: request.dir,
        },
        request,
      );
    },

    async byId(db: DbOrTx, id: number, lock = false): Promise<SelfHostedWallet | undefined> {
      const { rows } = await db.execute<SelfHostedWallet>(
        sql`SELECT ${COLUMNS} FROM ${FROM} WHERE a.id = ${id}${lock ? sql` FOR UPDATE OF a` : sql``}`,
      );
      return rows[0];
    },

    /** The member recording a proof is the one who checked it, now; its evidence replaces the last. */
    async setProof(
      tx: DbOrTx,
      id: number,
      method: string,
      e: ProofEvidence,
      memberId: number | null,
    ): Promise<void> {
      await tx.execute(sql`
        UPDATE vasp_addresses SET proof_method = ${method}, proof_message = ${e.message},
          proof_signature = ${e.signature}, proof_tx_hash = ${e.txHash},
          proof_transaction_id = ${e.transactionId}::bigint, proof_verified_by = ${e.verifiedBy},
          proof_checked_by = ${memberId}::integer, proof_checked_at = now(), version = version + 1
        WHERE id = ${id}`);
    },
  };
}
export type SelfHostedRepository = ReturnType<typeof createSelfHostedRepository>;
