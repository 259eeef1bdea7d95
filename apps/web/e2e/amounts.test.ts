import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { axeProblems, signIn, useE2E } from './support.ts';
import { assignWithdrawal } from './work-fixtures.ts';

/** Runs statements on the test server's database. */
async function withDatabase<T>(databaseUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Amounts read at their asset's precision with the asset after them (the catalogue: TRY 2 places
 * fiat, USDT 6), grouped for the locale: where issue 37 found "300,000.000000000000000000 TRY",
 * "976.31035414409332" without a currency and "from 250,000 TRY".
 */
describe('amounts', () => {
  const e2e = useE2E();

  it('a TRY withdrawal in the inbox reads 300,000.00 TRY, in Turkish 300.000,00 TRY', async () => {
    const customer = `e2e-amounts-${randomUUID().slice(0, 8)}`;
    const id = await withDatabase(e2e.server.databaseUrl, async (client) => {
      const c = await client.query<{ id: number }>(
        'INSERT INTO customers (user_name) VALUES ($1) RETURNING id',
        [customer],
      );
      const tx = await client.query<{ id: string }>(
        `INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, to_address, status)
         VALUES ($1, 'withdrawal', 'TRY', 'BANK', '300000', 'TR330006100519786457841326', 'under_review')
         RETURNING id`,
        [c.rows[0]!.id],
      );
      return Number(tx.rows[0]!.id);
    });
    await assignWithdrawal(e2e.server.databaseUrl, id, 'admin');

    // bypassCSP: the app's script-src 'self' would refuse the injected axe script.
    const { page, context } = await e2e.open({ bypassCSP: true, viewport: { width: 1440, height: 900 } });
    await signIn(page, 'admin');
    await page.goto('/inbox');
    const row = page.getByTestId('inbox-list').locator('tbody tr', { hasText: customer });
    await row.getByText('300,000.00 TRY', { exact: true }).waitFor();
    expect(await row.textContent()).not.toContain('300,000.000');
    expect(await axeProblems(page)).toEqual([]);

    await context.addCookies([{ name: 'i18n_redirected', value: 'tr', url: e2e.server.url }]);
    await page.reload();
    await row.getByText('300.000,00 TRY', { exact: true }).waitFor();
  });

  it('a pending trade reads its amount at its asset precision with its contract, and its prices in TRY', async () => {
    const seller = `e2e-amounts-seller-${randomUUID().slice(0, 8)}`;
    const guid = await withDatabase(e2e.server.databaseUrl, async (client) => {
      const offer = await client.query<{ guid: string }>(
        `INSERT INTO p2p_offers (trade_market_guid, seller_user_name, selling_contract_name, unit_price, status)
         VALUES (gen_random_uuid(), $1, 'USDT-TRC20', '34.5', 'active') RETURNING trade_market_guid::text AS guid`,
        [seller],
      );
      const guid = offer.rows[0]!.guid;
      await client.query(
        `INSERT INTO p2p_trades (trade_market_guid, buyer_user_name, trade_amount, status, offer_contract_name)
         VALUES ($1, 'e2e-amounts-buyer', '976.31035414409332', 'pending', 'USDT-TRC20')`,
        [guid],
      );
      return guid;
    });

    const { page } = await e2e.open({ bypassCSP: true, viewport: { width: 1440, height: 900 } });
    await signIn(page, 'admin');
    await page.goto(`/transactions/pending-p2p?guid=${guid}`);
    const row = page.locator('[data-testid="trades"] tbody tr', { hasText: seller });
    // Cut, not rounded, at USDT's 6 places; 976.31035414409332 × 34.5 TRY = 33,682.7072…
    await row.getByText('976.310354 USDT-TRC20', { exact: true }).waitFor();
    await row.getByText('33,682.70 TRY', { exact: true }).waitFor();
    expect(await axeProblems(page)).toEqual([]);
    // The trade opened from its row says the same, its unit price too.
    await row.getByText(seller).click();
    const detail = page.getByTestId('trade-detail');
    await detail.getByRole('heading', { name: '976.310354 USDT-TRC20' }).waitFor();
    await detail.getByText('34.50 TRY', { exact: true }).waitFor();
    await detail.getByText('33,682.70 TRY', { exact: true }).waitFor();
  });

  it("a rule's threshold reads as an amount: from 250,000.00 TRY", async () => {
    const { page } = await e2e.open({ bypassCSP: true, viewport: { width: 1440, height: 900 } });
    await signIn(page, 'admin');
    await page.goto('/compliance/fraud-check/rules');
    const rule = page.getByTestId('fraud-rules').locator('[data-rule="p2p_amount"]');
    await rule.getByText('from 250,000.00 TRY').waitFor();
    expect(await axeProblems(page)).toEqual([]);
  });
});
