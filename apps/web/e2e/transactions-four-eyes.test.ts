import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { signIn, toasts, useE2E } from './support.ts';

/** A USDT withdrawal above the 10,000 four-eyes threshold, within its limit, on a customer of its own. */
async function largeWithdrawal(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const customer = await client.query<{ id: number }>(
      `INSERT INTO customers (user_name) VALUES ('e2e-four-eyes') RETURNING id`,
    );
    const tx = await client.query<{ id: number }>(
      `INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, to_address, status)
       VALUES ($1, 'withdrawal', 'USDT', 'TRC20', '15000', 'TE2Eaddress', 'under_review') RETURNING id`,
      [customer.rows[0]!.id],
    );
    return Number(tx.rows[0]!.id);
  } finally {
    await client.end();
  }
}

describe('four-eyes withdrawal approval', () => {
  const e2e = useE2E();

  it('needs an admin and then a different member (super); the first approval alone changes nothing', async () => {
    const id = await largeWithdrawal(e2e.server.databaseUrl);
    const url = `/transactions/wallet-transactions?id=${id}`;

    const { page: adminPage } = await e2e.open();
    await signIn(adminPage, 'admin');
    await adminPage.goto(url);
    const adminDetail = adminPage.getByTestId('wallet-detail');
    await adminDetail.waitFor();
    expect(await adminDetail.getAttribute('data-status')).toBe('under_review');
    await adminPage.getByTestId('approvals').getByText('0 of 2 approvals').waitFor();
    await adminPage.getByTestId('approve').click();
    await adminPage.getByTestId('confirm').click();
    await toasts(adminPage).getByText('Approval recorded: 1 of 2').waitFor();
    await adminPage.getByTestId('approvals').getByText('1 of 2 approvals').waitFor();
    await adminPage.getByTestId('reviewed-by-me').waitFor();
    expect(await adminDetail.getAttribute('data-status')).toBe('under_review');

    const { page: superPage } = await e2e.open();
    await signIn(superPage, 'super');
    await superPage.goto(url);
    await superPage.getByTestId('approvals').getByText('1 of 2 approvals').waitFor();
    await superPage.getByTestId('approve').click();
    await superPage.getByTestId('confirm').click();
    await toasts(superPage).getByText('Withdrawal approved').waitFor();
    const superDetail = superPage.getByTestId('wallet-detail');
    await expect.poll(() => superDetail.getAttribute('data-status')).toBe('pending');
    // Released by both reviewers: it reads approved (not "Pending") and names who approved it.
    await superDetail.getByTestId('detail-status').getByText('Approved, awaiting payout').waitFor();
    expect(await superDetail.getByTestId('released-by').textContent()).toMatch(
      /^Approved by .+ · Approved by .+$/,
    );
    // The trail words both steps of the four-eyes request in English, never as action ids.
    const trail = superPage.getByTestId('audit-history');
    await trail.getByText('Approval request · Requested', { exact: true }).waitFor();
    await trail.getByText('Approval request · Approved', { exact: true }).waitFor();
    // The list behind the drawer says the same as the drawer.
    await superPage.keyboard.press('Escape');
    await superPage
      .getByTestId('wallet-transactions')
      .locator(`tbody tr[data-id="${id}"]`)
      .getByText('Approved, awaiting payout')
      .waitFor();
  });
});
