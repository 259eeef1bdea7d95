import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { signIn, toasts, useE2E } from './support.ts';

/**
 * KYC four-eyes for a fraud-flagged customer (R63) in the review's level panel: the admin asks for a
 * level and sees that it waits for someone else; the super sees the request (level, who, when) and
 * approves it there, and the level applies.
 */
describe('KYC level waiting for a second member', () => {
  const e2e = useE2E();

  it('shows the pending level to its asker and lets another member approve it', async () => {
    const client = new pg.Client({ connectionString: e2e.server.databaseUrl });
    await client.connect();
    const customerId = await client
      .query<{ id: string }>(
        `SELECT c.id FROM customers c LEFT JOIN customer_types ct ON ct.code = c.customer_type
          WHERE c.kyc_level = 0 AND coalesce(ct.required_kyc_level, 0) = 0
            AND NOT EXISTS (SELECT 1 FROM fraud_alerts a WHERE a.customer_id = c.id)
          ORDER BY c.id LIMIT 1`,
      )
      .then(async ({ rows }) => {
        const id = Number(rows[0]!.id);
        await client.query(
          `INSERT INTO fraud_alerts (customer_id, rule_code, rule_version, severity, status, window_key,
             window_start, window_end, params, event_at, raised_at)
           VALUES ($1, 'withdrawal_velocity', 1, 'high', 'investigating', 'e2e-level', now(), now(), '{}', now(), now())`,
          [id],
        );
        return id;
      })
      .finally(() => client.end());
    const review = `/compliance/kyc-manage?case=${customerId}`;

    const { page: admin } = await e2e.open({ viewport: { width: 1280, height: 900 } });
    await signIn(admin, 'admin');
    await admin.goto(review);
    const panel = admin.getByTestId('review-drawer').getByTestId('level-form');
    await panel.getByTestId('level-2').check();
    await panel.getByTestId('set-level').click();
    const pending = admin.getByTestId('level-approval');
    await pending.getByText('Level 2 waits for a second member').waitFor();
    await pending.getByTestId('level-approval-mine').waitFor();
    expect(await pending.getByTestId('level-approval-approve').count()).toBe(0);

    const { page: other } = await e2e.open({ viewport: { width: 1280, height: 900 } });
    await signIn(other, 'super');
    await other.goto(review);
    const request = other.getByTestId('level-approval');
    await request.getByText('Level 2 waits for a second member').waitFor();
    expect(await request.textContent()).toMatch(/Asked by .+, .*\d/);
    await request.getByTestId('level-approval-approve').click();
    await other.getByTestId('reason-dialog').getByTestId('confirm').click();
    await toasts(other).getByText('KYC level set to 2').first().waitFor();
    await request.waitFor({ state: 'detached' });
    await other.getByText('Current level: 2').waitFor();
  });
});
