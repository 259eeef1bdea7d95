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
 * sign-ins), a wallet address (either side of a wallet transaction) or a P2P counterparty (someone
 * both traded with). One SQL statement; strongest links (most kinds shared) first. Cases reuse it.
 */
export async function linkedCustomers(
  db: DbOrTx,
  customerId: number,
): Promise<{ items: fraudApi.FraudLinkedCustomer[]; truncated: boolean }> {
  const { rows } = await db.execute<{
    customer_id: string;
    user_name: string;
    links: { kind: FraudLinkKind; values: string[] }[];
  }>(sql`
    WITH me AS (SELECT id, user_name FROM customers WHERE id = ${customerId}),
    devices AS (SELECT DISTINCT device_id AS v FROM customer_login_events WHERE customer_id = ${customerId}),
    ips AS (SELECT DISTINCT ip AS v FROM customer_login_events WHERE customer_id = ${customerId}),
    addresses AS (
      SELECT DISTINCT x.a AS v FROM wallet_transactions w
      CROSS JOIN LATERAL (VALUES (w.from_address), (w.to_address)) x(a)
      WHERE w.customer_id = ${customerId} AND coalesce(x.a, '') <> ''),
    counterparties AS (
      SELECT DISTINCT CASE WHEN t.buyer_user_name = me.user_name THEN t.offer_seller_user_name
                           ELSE t.buyer_user_name END AS v
      FROM p2p_trades t JOIN me ON me.user_name IN (t.buyer_user_name, t.offer_seller_user_name)),
    links AS (
      SELECT e.customer_id, 'device' AS kind, e.device_id AS v
      FROM customer_login_events e JOIN devices d ON d.v = e.device_id WHERE e.customer_id <> ${customerId}
      UNION
      SELECT e.customer_id, 'ip', host(e.ip)
      FROM customer_login_events e JOIN ips i ON i.v = e.ip WHERE e.customer_id <> ${customerId}
      UNION
      SELECT w.customer_id, 'wallet_address', x.a
      FROM wallet_transactions w CROSS JOIN LATERAL (VALUES (w.from_address), (w.to_address)) x(a)
      JOIN addresses ad ON ad.v = x.a WHERE w.customer_id <> ${customerId}
      UNION
      SELECT c.id, 'p2p_counterparty', cp.v
      FROM p2p_trades t JOIN counterparties cp ON cp.v IN (t.buyer_user_name, t.offer_seller_user_name)
      JOIN customers c ON c.user_name = CASE WHEN t.buyer_user_name = cp.v THEN t.offer_seller_user_name
                                             ELSE t.buyer_user_name END
      WHERE c.id <> ${customerId} AND cp.v IS NOT NULL),
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
