import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * A USDT withdrawal the exchange put under review, on a customer of its own: new work that reaches
 * every approver's inbox (by the database's triggers, as in production).
 */
export async function withdrawalUnderReview(
  databaseUrl: string,
  { prefix = 'e2e-inbox', amount = '120' }: { prefix?: string; amount?: string } = {},
): Promise<{ id: number; customer: string }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const customer = `${prefix}-${randomUUID().slice(0, 8)}`;
    const c = await client.query<{ id: number }>(
      'INSERT INTO customers (user_name) VALUES ($1) RETURNING id',
      [customer],
    );
    const tx = await client.query<{ id: number }>(
      `INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, to_address, status)
       VALUES ($1, 'withdrawal', 'USDT', 'TRC20', $2, 'TE2Einbox', 'under_review') RETURNING id`,
      [c.rows[0]!.id, amount],
    );
    return { id: Number(tx.rows[0]!.id), customer };
  } finally {
    await client.end();
  }
}
