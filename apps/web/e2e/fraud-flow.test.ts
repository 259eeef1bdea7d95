import { describe, expect, it } from 'vitest';
import { dbRows as query, raisedAlert, restrictFromAlert, takeAndInvestigate } from './fraud-fixtures.ts';
import { signIn, useE2E } from './support.ts';

/**
 * Fraud check end to end (docs/product-rules.md R40–R44): a customer withdraws six times within the hour, written as the
 * exchange writes it; the engine raises an alert within moments; the dashboard and the compliance
 * overview count it; an analyst investigates it, restricts the customer from it and closes it as
 * confirmed.
 */

describe('fraud check flow', () => {
  const e2e = useE2E();

  it('raises an alert from crafted withdrawals, investigates it, restricts the customer and confirms it', async () => {
    const url = e2e.server.databaseUrl;
    const [customer] = await query<{ id: string }>(
      url,
      `INSERT INTO customers (user_name, alias_name, alias_surname) VALUES ('e2e-flow-velocity', 'Deniz', 'Akış')
       RETURNING id`,
    );
    const customerId = Number(customer!.id);
    // Six withdrawals within the hour: over the velocity rule's default of five in sixty minutes.
    await query(
      url,
      `INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, to_address, status, created_at)
       SELECT $1, 'withdrawal', 'TRY', 'BANK', 1000 + g, 'TR330006100519786457841326', 'pending',
              now() - interval '1 minute' * (6 - g)
         FROM generate_series(1, 6) g`,
      [customerId],
    );
    const alertId = await raisedAlert(url, customerId, 'withdrawal_velocity', 10_000);

    const { page } = await e2e.open({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'manager');
    // The dashboard and the compliance overview count it among the alerts not yet closed.
    const kpi = page.getByTestId('kpi-open-fraud-alerts');
    await kpi.waitFor();
    await expect.poll(async () => (await kpi.textContent()) ?? '').toMatch(/Open fraud alerts\D*[1-9]/);
    await page.goto('/compliance');
    await page.getByTestId('overview-fraud').waitFor();
    expect(Number(await page.getByTestId('overview-fraud-open').textContent())).toBeGreaterThanOrEqual(1);

    await page.goto('/compliance/fraud-check?customer=e2e-flow-velocity');
    const row = page.locator(`[data-alert-id="${alertId}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('open');
    await row.click();
    const drawer = page.getByTestId('alert-drawer');
    await drawer.getByText(`Alert #${alertId} · Withdrawal velocity`).waitFor();
    // The withdrawals that crossed the threshold are its evidence, amounts in the member's locale.
    const evidence = drawer.getByTestId('alert-evidence');
    await evidence.getByText('1,001').waitFor();
    await evidence.getByText('TR330006100519786457841326').first().waitFor();

    await takeAndInvestigate(drawer);
    await restrictFromAlert(page, drawer, 'Six withdrawals within the hour', 'e2e-flow-velocity');

    await drawer.getByTestId('close-alert').click();
    const close = page.getByTestId('close-alert-form');
    await close.getByTestId('outcome-confirmed').check();
    await close.getByTestId('closing-note').fill('Confirmed: funds were layered through the account.');
    await close.getByRole('button', { name: 'Close alert' }).click();
    await close.waitFor({ state: 'detached' });
    await drawer.locator('[data-testid="alert-status"][data-status="closed"]').waitFor();

    const [stored] = await query<{ status: string; outcome: string; restricted: string }>(
      url,
      `SELECT a.status, a.outcome,
              (SELECT count(*) FROM customer_restrictions r
                WHERE r.customer_id = a.customer_id AND r.kind = 'withdrawal' AND r.lifted_at IS NULL) AS restricted
         FROM fraud_alerts a WHERE a.id = $1`,
      [alertId],
    );
    expect({ ...stored, restricted: Number(stored!.restricted) }).toEqual({
      status: 'closed',
      outcome: 'confirmed',
      restricted: 1,
    });
  });
});
