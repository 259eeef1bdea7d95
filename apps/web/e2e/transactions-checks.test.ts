import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, submitLogin, useE2E } from './support.ts';

/**
 * A customer the exchange asked three checks about, as the checks service records them: one allowed,
 * one blocked above its limit, one held for review with the withdrawal it put under review.
 */
async function checksFixture(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const userName = `e2e-checks-${randomUUID().slice(0, 8)}`;
    const c = await client.query<{ id: number }>(
      'INSERT INTO customers (user_name) VALUES ($1) RETURNING id',
      [userName],
    );
    const customerId = Number(c.rows[0]!.id);
    const w = await client.query<{ id: number }>(
      `INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, to_address, status, review_reason)
       VALUES ($1, 'withdrawal', 'USDT', 'TRC20', 2500, 'TE2Echecks', 'under_review', 'Real-time check') RETURNING id`,
      [customerId],
    );
    const reviewId = Number(w.rows[0]!.id);
    const integration = await client.query<{ id: number }>(
      "INSERT INTO integrations (name, scopes) VALUES ($1, '{checks:withdrawal}') RETURNING id",
      [`e2e checks ${randomUUID().slice(0, 8)}`],
    );
    const input = (amount: string) => ({ asset: 'USDT', network: 'TRC20', amount, toAddress: 'TE2Echecks' });
    const rows = [
      ['allow', [], null, '100'],
      [
        'block',
        [
          {
            code: 'ABOVE_LIMIT_MAXIMUM',
            effect: 'block',
            message: '',
            params: { amount: '1000', asset: 'USDT', lid: 7 },
          },
        ],
        null,
        '1500.5',
      ],
      [
        'review',
        [
          {
            code: 'FRAUD_RULE',
            effect: 'review',
            message: '',
            params: { rule: 'withdrawal_velocity', severity: 'high', version: 1, count: 5 },
          },
        ],
        reviewId,
        '2500',
      ],
    ] as const;
    for (const [i, [decision, reasons, held, amount]] of rows.entries())
      await client.query(
        `INSERT INTO realtime_checks (kind, integration_id, customer_id, external_ref, input, decision, reasons,
                                      wallet_transaction_id, duration_ms, evaluated_at)
         VALUES ('withdrawal', $8, $1, $2, $3, $4, $5, $6, 4.2, now() - make_interval(secs => $7))`,
        [
          customerId,
          `wd-e2e-${i}`,
          JSON.stringify(input(amount)),
          decision,
          JSON.stringify(reasons),
          held,
          10 - i,
          integration.rows[0]!.id,
        ],
      );
    return { customerId, userName, reviewId };
  } finally {
    await client.end();
  }
}

/** PNGs of what the test sees, when SCREENSHOT_DIR names a folder (a look at the screens). */
async function shot(page: Page, name: string) {
  if (process.env.SCREENSHOT_DIR)
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

describe('real-time checks', () => {
  const e2e = useE2E();

  it('lists the checks by decision, shows the one that held a withdrawal in its drawer and on the customer page', {
    timeout: 120_000,
  }, async () => {
    const fx = await checksFixture(e2e.server.databaseUrl);
    const { page } = await e2e.open();
    await signIn(page, 'manager');
    await page.goto('/transactions/checks?decision=review');
    await page.getByRole('heading', { level: 1, name: 'Real-time Checks' }).waitFor();
    const row = page.getByTestId('realtime-checks').locator('tr', { hasText: fx.userName });
    await row.getByText('Held for review').waitFor();
    await row.getByText('The rule “Withdrawal velocity” would raise a High alert').waitFor();
    await shot(page, 'checks-list');

    await row.getByRole('link', { name: `Withdrawal #${fx.reviewId}` }).click();
    const panel = page.getByTestId('withdrawal-realtime-check');
    await panel.getByTestId('check-decision').getByText('Held for review').waitFor();
    expect(await panel.getByTestId('check-reasons').locator('li').getAttribute('data-code')).toBe(
      'FRAUD_RULE',
    );
    await shot(page, 'checks-drawer');

    await page.goto(`/crm/customers/${fx.customerId}`);
    await page.getByTestId('tab-checks').click();
    const mine = page.getByTestId('customer-realtime-checks');
    await mine.getByText('Above the maximum of 1,000 USDT per operation (limit #7)').waitFor();
    expect(
      await mine
        .getByTestId('check-decision')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-decision'))),
    ).toEqual(['review', 'block', 'allow']);
    await shot(page, 'checks-customer');

    if (process.env.SCREENSHOT_DIR) {
      // The same screens in Turkish and dark, to look at.
      const tr = await e2e.open({ colorScheme: 'dark' });
      await tr.context.addCookies([{ name: 'i18n_redirected', value: 'tr', url: e2e.server.url }]);
      await tr.context.addInitScript(() => localStorage.setItem('nuxt-color-mode', 'dark'));
      await submitLogin(tr.page, 'manager');
      await tr.page.waitForURL((url) => url.pathname === '/');
      await tr.page.goto('/transactions/checks');
      await tr.page.getByTestId('realtime-checks').getByText(fx.userName).first().waitFor();
      await shot(tr.page, 'checks-list-tr-dark');
      await tr.page.goto(`/crm/customers/${fx.customerId}`);
      await tr.page.getByTestId('tab-checks').click();
      await tr.page.getByTestId('customer-realtime-checks').getByTestId('check-decision').first().waitFor();
      await shot(tr.page, 'checks-customer-tr-dark');
    }
  });
});
