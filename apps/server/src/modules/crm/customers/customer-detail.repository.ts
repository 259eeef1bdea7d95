import type { CustomerExchange } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { isoUtc } from '../../../db/sql/index.ts';

const RECENT = 20;
const exact = (column: string) => sql`trim_scale(${sql.raw(column)})::text`;

/** The parts of the customer page beyond the profile; each a small indexed read by customer. */
export function createCustomerDetailRepository() {
  return {
    /** What the exchange feeds of the customer, and the open conflicts with staff edits (decision 0025). */
    async exchange(db: DbOrTx, customerId: number): Promise<CustomerExchange> {
      const head = await db.execute<{
        external_id: string | null;
        external_version: number | null;
        received_at: string | null;
        pending_fields: string[] | null;
        pending_since: string | null;
      }>(sql`
        SELECT external_id, external_version, ${isoUtc(sql`received_at`)} AS received_at,
               ARRAY(SELECT jsonb_object_keys(coalesce(pending_echo, '{}'::jsonb)) ORDER BY 1) AS pending_fields,
               ${isoUtc(sql`pending_echo_at`)} AS pending_since
          FROM customers WHERE id = ${customerId}`);
      const conflicts = await db.execute<{
        received_at: string;
        version: number;
        staff: Record<string, string | null>;
        incoming: Record<string, string | null>;
      }>(sql`
        SELECT ${isoUtc(sql`received_at`)} AS received_at, external_version AS version, staff_values AS staff,
               incoming_values AS incoming
          FROM customer_ingest_conflicts WHERE customer_id = ${customerId} AND resolved_at IS NULL
         ORDER BY received_at DESC, id DESC LIMIT ${RECENT}`);
      const row = head.rows[0];
      return {
        external_id: row?.external_id ?? null,
        external_version: row?.external_version == null ? null : Number(row.external_version),
        received_at: row?.received_at ?? null,
        pending_fields: row?.pending_fields ?? [],
        pending_since: row?.pending_since ?? null,
        conflicts: conflicts.rows.map((c) => ({
          received_at: c.received_at,
          version: Number(c.version),
          fields: Object.keys(c.staff).map((field) => ({
            field,
            staff: c.staff[field] ?? null,
            incoming: c.incoming[field] ?? null,
          })),
        })),
      };
    },

    async lastDecision(db: DbOrTx, customerId: number) {
      const result = await db.execute<{
        decision: string;
        level: number;
        reason_code: string | null;
        comment: string | null;
        at: string;
        member: string | null;
      }>(sql`
        SELECT d.decision, d.level, d.reason_code, d.comment, ${isoUtc(sql`d.at`)} AS at, m.display_name AS member
        FROM kyc_decisions d LEFT JOIN staff_members m ON m.id = d.member_id
        WHERE d.customer_id = ${customerId} ORDER BY d.at DESC, d.id DESC LIMIT 1`);
      return result.rows[0] ?? null;
    },

    async documents(db: DbOrTx, customerId: number) {
      const result = await db.execute<{
        id: number;
        kind: string;
        status: string;
        file_name: string;
        mime_type: string;
        size_bytes: number;
        uploaded_at: string;
        reviewed_at: string | null;
      }>(sql`
        SELECT id, kind, status, file_name, mime_type, size_bytes, ${isoUtc(sql`uploaded_at`)} AS uploaded_at,
               ${isoUtc(sql`reviewed_at`)} AS reviewed_at
        FROM kyc_documents WHERE customer_id = ${customerId} ORDER BY uploaded_at DESC`);
      return result.rows;
    },

    async balances(db: DbOrTx, customerId: number) {
      const result = await db.execute<{
        asset: string;
        available: string;
        locked: string;
        updated_at: string;
      }>(sql`
        SELECT asset, ${exact('available')} AS available, ${exact('locked')} AS locked,
               ${isoUtc(sql`updated_at`)} AS updated_at
        FROM customer_balances WHERE customer_id = ${customerId} ORDER BY asset`);
      return result.rows;
    },

    async walletTransactions(db: DbOrTx, customerId: number) {
      const result = await db.execute<{
        id: number;
        type: string;
        asset: string;
        network: string;
        amount: string;
        fee: string;
        status: string;
        tx_hash: string | null;
        created_at: string;
      }>(sql`
        SELECT id, type, asset, network, ${exact('amount')} AS amount, ${exact('fee')} AS fee, status, tx_hash,
               ${isoUtc(sql`created_at`)} AS created_at
        FROM wallet_transactions WHERE customer_id = ${customerId}
        ORDER BY created_at DESC LIMIT ${RECENT}`);
      return result.rows;
    },

    /** P2P trades where the customer is the buyer, with the seller from the offer when it exists. */
    async trades(db: DbOrTx, userName: string) {
      const result = await db.execute<{
        id: number;
        trade_market_guid: string;
        trade_amount: string;
        status: string;
        selling_contract_name: string | null;
        seller_user_name: string | null;
        seller_customer_id: number | null;
        created_at: string;
      }>(sql`
        SELECT t.id, t.trade_market_guid::text, ${exact('t.trade_amount')} AS trade_amount, t.status,
               o.selling_contract_name, o.seller_user_name, ${isoUtc(sql`t.created_at`)} AS created_at,
               (SELECT c.id::int FROM customers c WHERE c.user_name = o.seller_user_name) AS seller_customer_id
        FROM p2p_trades t LEFT JOIN p2p_offers o ON o.trade_market_guid = t.trade_market_guid
        WHERE t.buyer_user_name = ${userName} ORDER BY t.created_at DESC LIMIT ${RECENT}`);
      return result.rows;
    },

    async offers(db: DbOrTx, userName: string) {
      const result = await db.execute<{
        trade_market_guid: string;
        selling_contract_name: string | null;
        unit_price: string;
        status: string;
        created_at: string;
      }>(sql`
        SELECT trade_market_guid::text, selling_contract_name, ${exact('unit_price')} AS unit_price, status,
               ${isoUtc(sql`created_at`)} AS created_at
        FROM p2p_offers WHERE seller_user_name = ${userName} ORDER BY created_at DESC LIMIT ${RECENT}`);
      return result.rows;
    },

    async notes(db: DbOrTx, customerId: number) {
      const result = await db.execute<{
        id: number;
        body: string;
        created_at: string;
        member: string | null;
      }>(sql`
        SELECT n.id, n.body, ${isoUtc(sql`n.created_at`)} AS created_at, m.display_name AS member
        FROM customer_notes n LEFT JOIN staff_members m ON m.id = n.member_id
        WHERE n.customer_id = ${customerId} ORDER BY n.created_at DESC, n.id DESC LIMIT 100`);
      return result.rows;
    },
  };
}
export type CustomerDetailRepository = ReturnType<typeof createCustomerDetailRepository>;
