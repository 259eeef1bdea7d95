// Rows the engine's tests write: customers, withdrawals and deposits, sign-ins and P2P trades at
// chosen instants, and the alerts a customer ended up with.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client.ts';

let seq = 0;

/** A customer of this test alone. */
export async function newCustomer(
  db: DbOrTx,
  prefix = 'fraud_engine',
): Promise<{ id: number; userName: string; externalId: string }> {
  const userName = `${prefix}_${process.pid}_${Date.now()}_${seq++}`;
  // The exchange's id differs from the user name, so a lookup by the wrong one finds nobody.
  const externalId = `ext-${userName}`;
  const { rows } = await db.execute<{ id: number }>(
    sql`INSERT INTO customers (user_name, alias_name, alias_surname, external_id)
        VALUES (${userName}, 'Test', 'Customer', ${externalId}) RETURNING id`,
  );
  return { id: Number(rows[0]!.id), userName, externalId };
}

export interface TxRow {
  type: 'deposit' | 'withdrawal';
  at: Date;
  amount: string;
  asset?: string;
  network?: string;
  to?: string | null;
  from?: string | null;
  status?: string;
}

/** Wallet transactions of one customer, in one statement (ids in the given order). */
export async function walletTx(db: DbOrTx, customerId: number, rows: TxRow[]): Promise<number[]> {
  const ids: number[] = [];
  for (const r of rows) {
    const { rows: out } = await db.execute<{ id: number }>(sql`
      INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, to_address, from_address, status, created_at, updated_at)
      VALUES (${customerId}, ${r.type}, ${r.asset ?? 'TRY'}, ${r.network ?? 'ETH'}, ${r.amount}::numeric,
              ${r.to ?? null}, ${r.from ?? null}, ${r.status ?? 'completed'}, ${r.at.toISOString()}::timestamptz,
              ${r.at.toISOString()}::timestamptz)
      RETURNING id`);
    ids.push(Number(out[0]!.id));
  }
  return ids;
}

export async function logins(
  db: DbOrTx,
  customerId: number,
  rows: { at: Date; outcome?: 'success' | 'failure'; ip?: string; device?: string }[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const r of rows) {
    const { rows: out } = await db.execute<{ id: number }>(sql`
      INSERT INTO customer_login_events (customer_id, at, ip, device_id, outcome, failure_reason)
      VALUES (${customerId}, ${r.at.toISOString()}::timestamptz, ${r.ip ?? '198.51.100.7'}::inet,
              ${r.device ?? 'device-1'}, ${r.outcome ?? 'failure'},
              ${(r.outcome ?? 'failure') === 'failure' ? 'bad_password' : null})
      RETURNING id`);
    ids.push(Number(out[0]!.id));
  }
  return ids;
}

/** A P2P offer by `seller` and one trade of `amount` (in the offer's contract) bought by `buyer`. */
export async function p2pTrade(
  db: DbOrTx,
  o: { seller: string; buyer: string; amount: string; contract?: string; at: Date },
): Promise<number> {
  const { rows: offer } = await db.execute<{ guid: string }>(sql`
    INSERT INTO p2p_offers (trade_market_guid, seller_user_name, selling_contract_name, unit_price)
    VALUES (gen_random_uuid(), ${o.seller}, ${o.contract ?? 'USDT-TRC20'}, 43) RETURNING trade_market_guid::text AS guid`);
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO p2p_trades (trade_market_guid, buyer_user_name, trade_amount, status, created_at)
    VALUES (${offer[0]!.guid}::uuid, ${o.buyer}, ${o.amount}::numeric, 'completed', ${o.at.toISOString()}::timestamptz)
    RETURNING id`);
  return Number(rows[0]!.id);
}

export interface AlertRow extends Record<string, unknown> {
  id: number;
  customer_id: number;
  rule_code: string;
  rule_version: number;
  severity: string;
  window_key: string;
  figures: Record<string, unknown>;
  params: Record<string, unknown>;
  event_at: Date;
}

export async function alertsOf(db: DbOrTx, customerIds: number[], rule?: string): Promise<AlertRow[]> {
  const { rows } = await db.execute<AlertRow>(sql`
    SELECT id, customer_id, rule_code, rule_version, severity, window_key, figures, params, event_at
      FROM fraud_alerts
     WHERE customer_id = ANY(${`{${customerIds.join(',')}}`}::bigint[])
       ${rule ? sql`AND rule_code = ${rule}` : sql``}
     ORDER BY customer_id, rule_code, window_key`);
  return rows.map((r) => ({ ...r, customer_id: Number(r.customer_id), id: Number(r.id) }));
}

export async function evidenceOf(db: DbOrTx, alertId: number): Promise<{ kind: string; ref_id: number }[]> {
  const { rows } = await db.execute<{ kind: string; ref_id: number }>(
    sql`SELECT kind, ref_id FROM fraud_alert_evidence WHERE alert_id = ${alertId} ORDER BY kind, ref_id`,
  );
  return rows.map((r) => ({ kind: r.kind, ref_id: Number(r.ref_id) }));
}

/** `base` plus `minutes` (and `seconds`). */
export const after = (base: Date, minutes: number, seconds = 0) =>
  new Date(base.getTime() + minutes * 60_000 + seconds * 1000);
