import { describe, expect, it } from 'vitest';
import { dbRows as query, restrictFromAlert, takeAndInvestigate } from './fraud-fixtures.ts';
import { signIn, toasts, useE2E } from './support.ts';

/**
 * An alert as an analyst works it: open it from the list, read the evidence and the thresholds in
 * force, move it on, comment, restrict the customer, close it as confirmed with a note; and a bulk
 * close over a whole filter, counted and confirmed first.
 */

/** A customer with `count` open alerts of a rule, the first with a withdrawal as its evidence. */
async function customerWithAlerts(url: string, userName: string, count: number): Promise<number[]> {
  const [customer] = await query<{ id: number }>(
    url,
    `INSERT INTO customers (user_name) VALUES ($1) RETURNING id`,
    [userName],
  );
  await query(url, `INSERT INTO fraud_rules (code) VALUES ('withdrawal_velocity') ON CONFLICT DO NOTHING`);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const [alert] = await query<{ id: number }>(
      url,
      `INSERT INTO fraud_alerts (customer_id, rule_code, rule_version, severity, window_key, window_start,
                                 window_end, params, figures, event_at)
       VALUES ($1, 'withdrawal_velocity', 1, 'high', $2, now() - interval '1 hour', now(),
               '{"count": 5, "windowMinutes": 60}', '{"count": 7}', now()) RETURNING id`,
      [customer!.id, `e2e-${userName}-${i}`],
    );
    ids.push(Number(alert!.id));
  }
  const [tx] = await query<{ id: number }>(
    url,
    `INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, to_address, status)
     VALUES ($1, 'withdrawal', 'USDT', 'TRC20', '12500.5', 'TXe2eFraudAddress', 'completed') RETURNING id`,
    [customer!.id],
  );
  await query(
    url,
    `INSERT INTO fraud_alert_evidence (alert_id, kind, ref_id) VALUES ($1, 'wallet_transaction', $2)`,
    [ids[0], tx!.id],
  );
  return ids;
}

describe('fraud alerts', () => {
  const e2e = useE2E();

  it('investigates an alert, restricts the customer from it and closes it as confirmed', async () => {
    const url = e2e.server.databaseUrl;
    const [alertId] = await customerWithAlerts(url, 'e2e-fraud-mallory', 1);
    const { page } = await e2e.open({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'manager');

    await page.goto('/compliance/fraud-check?customer=e2e-fraud-mallory');
    const row = page.locator(`[data-alert-id="${alertId}"]`);
    await row.waitFor();
    await row.click();
    const drawer = page.getByTestId('alert-drawer');
    await drawer.getByText(`Alert #${alertId} · Withdrawal velocity`).waitFor();
    expect(new URL(page.url()).searchParams.get('alert')?.replaceAll('"', '')).toBe(String(alertId));
    // The evidence with its exact amount in the member's locale, and the thresholds in force beside the observed figure.
    await drawer.getByTestId('alert-evidence').getByText('12,500.5').waitFor();
    await drawer.getByTestId('alert-evidence').getByText('TXe2eFraudAddress').waitFor();
    await expect(drawer.getByTestId('alert-thresholds').locator('tbody tr').count()).resolves.toBe(2);

    await takeAndInvestigate(drawer);

    await drawer.getByTestId('comment-body').fill('Called the customer; no answer.');
    await drawer.getByTestId('comment-add').click();
    // The comment is listed and the box is emptied for the next one.
    await drawer.getByTestId('alert-comment').getByText('Called the customer; no answer.').waitFor();
    await expect.poll(() => drawer.getByTestId('comment-body').inputValue()).toBe('');

    await restrictFromAlert(page, drawer, 'Velocity alert under investigation', 'e2e-fraud-mallory');

    // Closing without a note is refused in the form; with one it closes as confirmed.
    await drawer.getByTestId('close-alert').click();
    const close = page.getByTestId('close-alert-form');
    await close.getByRole('button', { name: 'Close alert' }).click();
    await close.getByText('Use at least 3 characters.').waitFor();
    await close.getByTestId('closing-note').fill('Mule account: funds moved on within minutes.');
    await close.getByRole('button', { name: 'Close alert' }).click();
    await close.waitFor({ state: 'detached' });
    await drawer.locator('[data-testid="alert-status"][data-status="closed"]').waitFor();
    await drawer.getByText('Mule account: funds moved on within minutes.').first().waitFor();

    const [stored] = await query<{ status: string; outcome: string; restrictions: string }>(
      url,
      `SELECT a.status, a.outcome,
              (SELECT count(*) FROM customer_restrictions r WHERE r.customer_id = a.customer_id AND r.kind = 'withdrawal') AS restrictions
       FROM fraud_alerts a WHERE a.id = $1`,
      [alertId],
    );
    expect({ ...stored, restrictions: Number(stored!.restrictions) }).toEqual({
      status: 'closed',
      outcome: 'confirmed',
      restrictions: 1,
    });
  });

  it('closes every open alert of a filter as false positive after a count and a confirmation', async () => {
    const url = e2e.server.databaseUrl;
    await customerWithAlerts(url, 'e2e-fraud-bulk', 3);
    const { page } = await e2e.open({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'admin');
    // The engine may raise alerts of its own on the fixture's withdrawal: the filter names the rule.
    await page.goto('/compliance/fraud-check?customer=e2e-fraud-bulk&rule=withdrawal_velocity&limit=25');
    await page.locator('[data-testid="fraud-alerts-list"] [data-status="open"]').first().waitFor();

    const bar = page.getByTestId('bulk-bar');
    await bar.getByTestId('bulk-action').click();
    await page.getByRole('option', { name: 'Close as false positive' }).click();
    await bar.getByTestId('bulk-note').fill('Known market maker');
    await bar.getByTestId('bulk-review').click();
    const dialog = page.getByRole('dialog', { name: 'Close as false positive: 3 alerts?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Apply to 3 alerts' }).click();
    await toasts(page).getByText('3 alerts changed.').first().waitFor();
    await page
      .locator('[data-testid="fraud-alerts-list"] [data-status="open"]')
      .first()
      .waitFor({ state: 'detached' });

    const [{ n }] = (await query<{ n: string }>(
      url,
      `SELECT count(*) AS n FROM fraud_alerts a JOIN customers c ON c.id = a.customer_id
       WHERE c.user_name = 'e2e-fraud-bulk' AND a.rule_code = 'withdrawal_velocity'
         AND a.outcome = 'false_positive'`,
    )) as [{ n: string }];
    expect(Number(n)).toBe(3);
  });
});
