import type { fraudApi } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client.ts';

type FraudLinkKind = fraudApi.FraudLinkKind;

/** The most linked customers shown; beyond it the answer says it was cut. */
const MAX_LINKED = 50;
/** The shared values named per link kind. */
const MAX_VALUES = 5;

/**
 * The other customers who share something with a customer: a device or a sign-in address (their
 * sign-ins), a wallet address or a P2P counterparty (someone both traded with). One SQL statement;
 * strongest links (most kinds shared) first. Cases reuse it.
 *
 * A wallet address counts on the customer's side of a transfer only: where a withdrawal went, where a
 * deposit came from, and the customer's own deposit addresses (another customer paying into them).
 * The other side is the exchange's own wallet, which every customer shares. Each shared value brings
 * at most MAX_LINKED + 1 customers (a carrier's shared address can have thousands), so the work is
 * bounded by the customer's own values, each an index lookup, whatever the size of the exchange.
 */
export async function linkedCustomers(
  db: DbOrTx,
  customerId: number,
): Promise<{ items: fraudApi.FraudLinkedCustomer[]; truncated: boolean }> {
  const id = customerId;
  const perValue = MAX_LINKED + 1;
  const { rows } = await db.execute<{
    customer_id: string;
    user_name: string;
    links: { kind: FraudLinkKind; values: string[] }[];
  }>(sql`
    WITH me AS (SELECT user_name FROM customers WHERE id = ${id}),
    signed_in AS (SELECT DISTINCT device_id, ip FROM customer_login_events WHERE customer_id = ${id}),
    transfers AS (SELECT DISTINCT type, from_address, to_address FROM wallet_transactions
                  WHERE customer_id = ${id} AND type IN ('withdrawal', 'deposit')),
    -- Where the customer sent to and received from, outside the exchange.
    outside AS (SELECT to_address AS v FROM transfers WHERE type = 'withdrawal' AND to_address <> ''
                UNION SELECT from_address FROM transfers WHERE type = 'deposit' AND from_address <> ''),
    deposited_at AS (SELECT to_address AS v FROM transfers WHERE type = 'deposit' AND to_address <> ''),
    traded_with AS (
      SELECT t.offer_seller_user_name AS v FROM p2p_trades t, me WHERE t.buyer_user_name = me.user_name
      UNION SELECT t.buyer_user_name FROM p2p_trades t, me WHERE t.offer_seller_user_name = me.user_name),
    links AS (
      SELECT o.customer_id, 'device' AS kind, d.v
      FROM (SELECT DISTINCT device_id AS v FROM signed_in WHERE device_id IS NOT NULL) d
      CROSS JOIN LATERAL (SELECT DISTINCT e.customer_id FROM customer_login_events e
                          WHERE e.device_id = d.v AND e.customer_id <> ${id} LIMIT ${perValue}) o
      UNION
      SELECT o.customer_id, 'ip', host(i.v)
      FROM (SELECT DISTINCT ip AS v FROM signed_in WHERE ip IS NOT NULL) i
      CROSS JOIN LATERAL (SELECT DISTINCT e.customer_id FROM customer_login_events e
                          WHERE e.ip = i.v AND e.customer_id <> ${id} LIMIT ${perValue}) o
      UNION
      SELECT o.customer_id, 'wallet_address', a.v
      FROM (SELECT v FROM outside UNION SELECT v FROM deposited_at) a
      CROSS JOIN LATERAL (SELECT DISTINCT w.customer_id FROM wallet_transactions w
                          WHERE w.type = 'withdrawal' AND w.to_address = a.v AND w.customer_id <> ${id}
                          LIMIT ${perValue}) o
      UNION
      SELECT o.customer_id, 'wallet_address', a.v FROM outside a
      CROSS JOIN LATERAL (SELECT DISTINCT w.customer_id FROM wallet_transactions w
                          WHERE w.type = 'deposit' AND w.from_address = a.v AND w.customer_id <> ${id}
                          LIMIT ${perValue}) o
      UNION
      -- Paying into another customer's deposit address: it has one owner, so a few rows tell.
      SELECT o.customer_id, 'wallet_address', a.v FROM outside a
      CROSS JOIN LATERAL (SELECT DISTINCT s.customer_id FROM (
                            SELECT w.customer_id FROM wallet_transactions w
                            WHERE w.type = 'deposit' AND w.to_address = a.v AND w.customer_id <> ${id}
                            LIMIT ${perValue * 10}) s) o
      UNION
      SELECT c.id, 'p2p_counterparty', p.v
      FROM traded_with p
      CROSS JOIN LATERAL (
        (SELECT DISTINCT t.buyer_user_name AS u FROM p2p_trades t
         WHERE t.offer_seller_user_name = p.v LIMIT ${perValue + 1})
        UNION
        (SELECT DISTINCT t.offer_seller_user_name FROM p2p_trades t
         WHERE t.buyer_user_name = p.v LIMIT ${perValue + 1})) o
      JOIN customers c ON c.user_name = o.u
      WHERE c.id <> ${id} AND p.v IS NOT NULL),
    by_kind AS (
      SELECT customer_id, kind, (array_agg(v ORDER BY v))[1:${MAX_VALUES}] AS vals
      FROM links GROUP BY customer_id, kind)
    SELECT k.customer_id, c.user_name,
      json_agg(json_build_object('kind', k.kind, 'values', k.vals) ORDER BY k.kind) AS links
    FROM by_kind k JOIN customers c ON c.id = k.customer_id
    GROUP BY k.customer_id, c.user_name
    ORDER BY count(*) DESC, k.customer_id
    LIMIT ${MAX_LINKED + 1}`);
  return {
    items: rows
      .slice(0, MAX_LINKED)
      .map((r) => ({ customer_id: Number(r.customer_id), user_name: r.user_name, links: r.links })),
    truncated: rows.length > MAX_LINKED,
  };
}
