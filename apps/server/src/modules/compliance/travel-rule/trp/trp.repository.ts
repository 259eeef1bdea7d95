import type { publicApi, TravelRuleJurisdiction, TravelRuleParties } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client.ts';

export type TrpRole = 'originator' | 'beneficiary';
export type TrpStatus = (typeof publicApi.TRP_TRANSFER_STATUSES)[number];

/** A VASP of the directory as TRP needs it. */
export type TrpVasp = {
  id: number;
  name: string;
  protocol: string;
  due_diligence: string;
  jurisdiction: TravelRuleJurisdiction | null;
  trp_url: string | null;
  trp_outbound_sealed: Buffer | null;
};

export type TrpTransferRow = {
  id: number;
  role: TrpRole;
  request_id: string;
  vasp_id: number;
  record_id: number | null;
  customer_id: number | null;
  asset: string;
  amount: string;
  address: string;
  originator: TravelRuleParties['originator'];
  beneficiary: TravelRuleParties['beneficiary'];
  originating_vasp: TravelRuleParties['originating_vasp'];
  beneficiary_vasp: TravelRuleParties['beneficiary_vasp'];
  callback: string | null;
  status: TrpStatus;
  reason: string | null;
  txid: string | null;
  version: number;
};

const VASP = sql`id, name, protocol, due_diligence, jurisdiction, trp_url, trp_outbound_sealed`;
const TRANSFER = sql`id, role, request_id::text AS request_id, vasp_id, record_id, customer_id, asset,
  trim_scale(amount)::text AS amount, address, originator, beneficiary, originating_vasp, beneficiary_vasp,
  callback, status, reason, txid, version`;
const json = (value: unknown) => (value == null ? sql`NULL` : sql`${JSON.stringify(value)}::jsonb`);

export function createTrpRepository() {
  return {
    /** The VASP presenting this credential (its SHA-256): the one unique index finds it. */
    async vaspByCredential(db: DbOrTx, hash: Buffer): Promise<TrpVasp | undefined> {
      const { rows } = await db.execute<TrpVasp>(
        sql`SELECT ${VASP} FROM vasps WHERE trp_inbound_hash = ${hash}`,
      );
      return rows[0];
    },

    async vasp(db: DbOrTx, id: number): Promise<TrpVasp | undefined> {
      const { rows } = await db.execute<TrpVasp>(sql`SELECT ${VASP} FROM vasps WHERE id = ${id}`);
      return rows[0];
    },

    /** `inbound` left out keeps our token for the VASP; null revokes it; a hash and prefix replace it. */
    async setVaspLink(
      tx: DbOrTx,
      id: number,
      link: {
        url: string | null;
        inbound?: { hash: Buffer; prefix: string } | null;
        outboundSealed?: Buffer;
      },
    ): Promise<void> {
      const inbound =
        link.inbound === undefined
          ? sql`trp_inbound_hash = trp_inbound_hash, trp_inbound_prefix = trp_inbound_prefix`
          : sql`trp_inbound_hash = ${link.inbound?.hash ?? null}, trp_inbound_prefix = ${link.inbound?.prefix ?? null}`;
      await tx.execute(sql`
        UPDATE vasps SET trp_url = ${link.url}, ${inbound},
          trp_outbound_sealed = ${link.outboundSealed === undefined ? sql`trp_outbound_sealed` : sql`${link.outboundSealed}`},
          updated_at = now(), version = version + 1
        WHERE id = ${id}`);
    },

    async insert(
      tx: DbOrTx,
      t: Omit<TrpTransferRow, 'id' | 'version' | 'txid' | 'record_id'> & { record_id?: number | null },
    ): Promise<number> {
      const { rows } = await tx.execute<{ id: number }>(sql`
        INSERT INTO trp_transfers (role, request_id, vasp_id, record_id, customer_id, asset, amount, address,
          originator, beneficiary, originating_vasp, beneficiary_vasp, callback, status, reason)
        VALUES (${t.role}, ${t.request_id}::uuid, ${t.vasp_id}, ${t.record_id ?? null}, ${t.customer_id},
          ${t.asset}, ${t.amount}::numeric, ${t.address}, ${json(t.originator)}, ${json(t.beneficiary)},
          ${json(t.originating_vasp)}, ${json(t.beneficiary_vasp)}, ${t.callback}, ${t.status}, ${t.reason})
        RETURNING id`);
      return Number(rows[0]!.id);
    },

    async byRequest(
      tx: DbOrTx,
      role: TrpRole,
      vaspId: number,
      requestId: string,
    ): Promise<TrpTransferRow | undefined> {
      const { rows } = await tx.execute<TrpTransferRow>(sql`
        SELECT ${TRANSFER} FROM trp_transfers
         WHERE role = ${role} AND vasp_id = ${vaspId} AND request_id = ${requestId}::uuid FOR UPDATE`);
      return rows[0];
    },

    async byId(tx: DbOrTx, id: number, lock = false): Promise<TrpTransferRow | undefined> {
      const { rows } = await tx.execute<TrpTransferRow>(
        sql`SELECT ${TRANSFER} FROM trp_transfers WHERE id = ${id}${lock ? sql` FOR UPDATE` : sql``}`,
      );
      return rows[0];
    },

    /** Our inquiry about a withdrawal's record, if one was sent. */
    async ofRecord(tx: DbOrTx, recordId: number): Promise<TrpTransferRow | undefined> {
      const { rows } = await tx.execute<TrpTransferRow>(
        sql`SELECT ${TRANSFER} FROM trp_transfers WHERE record_id = ${recordId} FOR UPDATE`,
      );
      return rows[0];
    },

    async set(
      tx: DbOrTx,
      id: number,
      s: {
        status?: TrpStatus;
        reason?: string | null;
        callback?: string | null;
        txid?: string | null;
        recordId?: number;
      },
    ): Promise<void> {
      await tx.execute(sql`
        UPDATE trp_transfers SET status = ${s.status === undefined ? sql`status` : sql`${s.status}`},
          reason = ${s.reason === undefined ? sql`reason` : sql`${s.reason}`},
          callback = ${s.callback === undefined ? sql`callback` : sql`${s.callback}`},
          txid = ${s.txid === undefined ? sql`txid` : sql`${s.txid}`},
          record_id = ${s.recordId === undefined ? sql`record_id` : sql`${s.recordId}`},
          updated_at = now(), version = version + 1
        WHERE id = ${id}`);
    },

    /** The customer whose deposits arrive at this address (the exchange gave it to them), with their name. */
    async depositCustomer(
      db: DbOrTx,
      address: string,
    ): Promise<{ id: number; given_name: string | null; family_name: string | null } | undefined> {
      const { rows } = await db.execute<{
        id: number;
        given_name: string | null;
        family_name: string | null;
      }>(sql`
        SELECT c.id, c.alias_name AS given_name, c.alias_surname AS family_name
          FROM wallet_transactions w JOIN customers c ON c.id = w.customer_id
         WHERE w.type = 'deposit' AND w.to_address = ${address}
         ORDER BY w.created_at DESC LIMIT 1`);
      return rows[0];
    },

    /**
     * Of these transfers just written, the TRP exchanges they continue: a withdrawal of ours whose
     * inquiry was approved and which now has its txid (the confirmation is due), and a deposit to our
     * customer that an approved inquiry announced (by its txid, else by address, asset and amount).
     */
    async continuedBy(
      tx: DbOrTx,
      transactionIds: number[],
    ): Promise<Array<{ trp_id: number; transaction_id: number; kind: 'confirm' | 'deposit' }>> {
      if (transactionIds.length === 0) return [];
      const { rows } = await tx.execute<{
        trp_id: number;
        transaction_id: number;
        kind: 'confirm' | 'deposit';
      }>(sql`
        SELECT t.id AS trp_id, w.id AS transaction_id, 'confirm' AS kind
          FROM wallet_transactions w
          JOIN travel_rule_records r ON r.transaction_id = w.id
          JOIN trp_transfers t ON t.record_id = r.id AND t.role = 'originator' AND t.status = 'approved'
         WHERE w.id = ANY(${sql.param(transactionIds)}::bigint[]) AND w.type = 'withdrawal' AND w.tx_hash IS NOT NULL
        UNION ALL
        SELECT t.id, w.id, 'deposit'
          FROM wallet_transactions w
          CROSS JOIN LATERAL (
            SELECT t.id FROM trp_transfers t
             WHERE t.role = 'beneficiary' AND t.record_id IS NULL AND t.status IN ('approved', 'confirmed')
               AND t.customer_id = w.customer_id AND t.address = w.to_address AND t.asset = w.asset
               AND (t.txid = w.tx_hash OR (t.txid IS NULL AND t.amount = w.amount))
             ORDER BY (t.txid = w.tx_hash) DESC NULLS LAST, t.id LIMIT 1) t
         WHERE w.id = ANY(${sql.param(transactionIds)}::bigint[]) AND w.type = 'deposit' AND w.to_address IS NOT NULL`);
      return rows.map((r) => ({ ...r, trp_id: Number(r.trp_id), transaction_id: Number(r.transaction_id) }));
    },

    /** The withdrawal behind a record: where it goes and its txid once sent. */
    async withdrawalOf(
      tx: DbOrTx,
      recordId: number,
    ): Promise<{ to_address: string | null; tx_hash: string | null } | undefined> {
      const { rows } = await tx.execute<{ to_address: string | null; tx_hash: string | null }>(sql`
        SELECT w.to_address, w.tx_hash FROM travel_rule_records r JOIN wallet_transactions w ON w.id = r.transaction_id
         WHERE r.id = ${recordId}`);
      return rows[0];
    },
  };
}
export type TrpRepository = ReturnType<typeof createTrpRepository>;
