import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * A USDT withdrawal the exchange put under review, on a customer of its own: new work that waits in
 * the withdrawals team queue (by the database's triggers, as in production).
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

/** A customer with a withdrawal-velocity alert in an open case, as the engine and an alert's "open case" leave them. */
export async function fraudCaseFixture(databaseUrl: string): Promise<{ caseId: number; userName: string }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const userName = `e2e-case-${Date.now()}`;
    const customer = await client.query<{ id: number }>(
      `INSERT INTO customers (user_name, alias_name, alias_surname) VALUES ($1, 'Işıl', 'Şahin') RETURNING id`,
      [userName],
    );
    const customerId = customer.rows[0]!.id;
    const tx = await client.query<{ id: number }>(
      `INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, to_address, status)
       VALUES ($1, 'withdrawal', 'USDT', 'TRON', '48250.75', 'TXe2eCaseAddress', 'completed') RETURNING id`,
      [customerId],
    );
    const alert = await client.query<{ id: number }>(
      `INSERT INTO fraud_alerts (customer_id, rule_code, rule_version, severity, window_key, window_start,
                                 window_end, params, figures, event_at)
       VALUES ($1, 'withdrawal_velocity', 1, 'high', 'e2e', now(), now(), '{}', '{"count": 7}', now()) RETURNING id`,
      [customerId],
    );
    await client.query(
      `INSERT INTO fraud_alert_evidence (alert_id, kind, ref_id) VALUES ($1, 'wallet_transaction', $2)`,
      [alert.rows[0]!.id, tx.rows[0]!.id],
    );
    const opened = await client.query<{ id: number }>(
      `INSERT INTO fraud_cases (customer_id, title, opened_by)
       VALUES ($1, 'Hızlı çekimler', (SELECT id FROM staff_members WHERE user_name = 'manager')) RETURNING id`,
      [customerId],
    );
    const caseId = opened.rows[0]!.id;
    await client.query(`UPDATE fraud_alerts SET case_id = $1 WHERE id = $2`, [caseId, alert.rows[0]!.id]);
    return { caseId, userName };
  } finally {
    await client.end();
  }
}

/** Gives a withdrawal's work item to a member, as round-robin routing or another node would. */
export async function assignWithdrawal(databaseUrl: string, id: number, userName: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `SELECT bd_work_set_assignee(w.id, (SELECT id FROM staff_members WHERE user_name = $2), now())
       FROM work_items w WHERE w.source_ref = 'wallet_transaction:' || $1 AND w.resolved_at IS NULL`,
      [id, userName],
    );
  } finally {
    await client.end();
  }
}
