import pg from 'pg';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, toasts, useE2E } from './support.ts';

/** Picks a contract from the asset catalogue's list (the field is a choice, not free text). */
async function chooseContract(page: Page, field: Locator, name: string) {
  await field.click();
  await field.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
}

describe('transaction limits', () => {
  const e2e = useE2E();

  it('creates a limit after fixing a too precise amount, then deletes it', async () => {
    const { page } = await e2e.open();
    await signIn(page, 'admin');
    await page.goto('/transactions/limits');
    await page.getByRole('heading', { level: 1, name: 'Transaction Limits' }).waitFor();
    const rows = page.locator('[data-testid="limits-table"][data-rows-shown="all"] tbody tr');
    await rows.first().waitFor();
    const before = await rows.count();

    await page.getByTestId('new-limit').click();
    const form = page.getByTestId('limit-form');
    await chooseContract(page, form.getByLabel('Contract', { exact: true }), 'BTC');
    await form.locator('input[name="wallet_name"]').fill('E2E vault');
    await form.locator('input[name="max_amount"]').fill('1.123456789');
    await page.getByTestId('limit-submit').click();
    await form.getByText('At most 8 decimal places for this asset').waitFor();
    await form.locator('input[name="max_amount"]').fill('2.5');
    await page.getByTestId('limit-submit').click();
    await toasts(page).getByText('Limit created', { exact: true }).waitFor();

    await expect.poll(() => rows.count()).toBe(before + 1);
    const created = rows.filter({ hasText: 'E2E vault' });
    const lid = await created.getAttribute('data-lid');
    await expect.poll(() => created.textContent()).toContain('2.5');

    // Editing keeps the lid and shows the amounts as stored; the row reads the new bound.
    await created.locator('td').first().click();
    const edit = page.getByTestId('limit-form');
    expect(await edit.locator('input[name="max_amount"]').inputValue()).toBe('2.5');
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/limit-edit.png` });
    await edit.locator('input[name="max_amount"]').fill('3.75');
    await page.getByTestId('limit-submit').click();
    await toasts(page).getByText('Limit updated', { exact: true }).waitFor();
    await expect.poll(() => rows.filter({ hasText: 'E2E vault' }).getAttribute('data-lid')).toBe(lid);
    await expect.poll(() => created.textContent()).toContain('3.75');

    // Deleting asks first, naming the limit.
    await page.getByTestId(`delete-limit-${lid}`).click();
    const confirm = page.getByRole('dialog', { name: `Delete limit #${lid} (Withdrawal, BTC)?` });
    await confirm.getByTestId('confirm-action').click();
    await toasts(page).getByText('Limit deleted', { exact: true }).waitFor();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => rows.count()).toBe(before);
  });

  it('reads an amount typed the Turkish way (1.234,5) exactly', async () => {
    const { context, page } = await e2e.open();
    await signIn(page, 'admin');
    await context.addCookies([{ name: 'i18n_redirected', value: 'tr', url: e2e.url('/') }]);
    await page.goto('/transactions/limits');
    const rows = page.locator('[data-testid="limits-table"] tbody tr');
    await rows.first().waitFor();

    await page.getByTestId('new-limit').click();
    const form = page.getByTestId('limit-form');
    // A contract and wallet no other test's lookup matches.
    await chooseContract(page, form.getByLabel('Kontrat', { exact: true }), 'USDC-ERC20');
    await form.locator('input[name="wallet_name"]').fill('E2E kasa');
    // An English-style amount is refused on a Turkish screen rather than misread.
    await form.locator('input[name="max_amount"]').fill('1234.5');
    await page.getByTestId('limit-submit').click();
    await form.getByText('1.250,50 gibi bir sayı girin.').waitFor();
    await form.locator('input[name="max_amount"]').fill('1.234,5');
    await page.getByTestId('limit-submit').click();
    const created = rows.filter({ hasText: 'E2E kasa' });
    await expect.poll(() => created.textContent()).toContain('1.234,5');
    const db = new pg.Client({ connectionString: e2e.server.databaseUrl });
    await db.connect();
    try {
      const { rows: stored } = await db.query(
        `SELECT max_amount = 1234.5 AS exact FROM transaction_limits WHERE wallet_name = 'E2E kasa'`,
      );
      expect(stored).toEqual([{ exact: true }]);
    } finally {
      await db.end();
    }
  });

  it('names customer types by name in the fee schedule, its preview and its form', async () => {
    const { page } = await e2e.open();
    await signIn(page, 'admin');
    await page.goto('/transactions/commissions');
    const table = page.getByTestId('commissions-table');
    // The demo schedule has general trade rules for the gold tier.
    await table.getByRole('cell', { name: 'Gold', exact: true }).first().waitFor();
    expect(await table.getByRole('cell', { name: 'gold', exact: true }).count()).toBe(0);

    const preview = page.getByTestId('fee-preview');
    await preview.getByLabel('Customer type').click();
    await page.getByRole('option', { name: 'Gold', exact: true }).click();
    await expect.poll(() => preview.getByTestId('preview-fee').textContent()).toBeTruthy();

    await page.getByRole('button', { name: 'New rule' }).click();
    const form = page.getByTestId('commission-form');
    await form.getByLabel('Customer type').click();
    await page.getByRole('option', { name: 'Platinum', exact: true }).waitFor();
    expect(await page.getByRole('option', { name: 'platinum', exact: true }).count()).toBe(0);
  });

  it('the tester shows the winning limit and every candidate score (ties to the highest lid)', async () => {
    const { page } = await e2e.open();
    await signIn(page, 'manager');
    await page.goto('/transactions/limits');
    const tester = page.getByTestId('limit-tester');
    await tester.waitFor();
    // A manager reads limits but cannot change them.
    expect(await page.getByTestId('new-limit').count()).toBe(0);

    // Nothing typed: every candidate scores 0, and the tester says the tie rule alone chose.
    await tester.getByTestId('tester-tie-only').waitFor();
    const contract = tester.getByLabel('Contract', { exact: true });
    await chooseContract(page, contract, 'BTC');
    await tester.locator('input[name="tester_wallet_name"]').fill('Cold storage');
    const winner = page.getByTestId('tester-winner');
    await expect.poll(() => winner.getAttribute('data-lid')).toBe('15');
    expect(await tester.locator('tr[data-lid="15"]').getAttribute('data-score')).toBe('2');
    expect(await tester.locator('tr[data-lid="13"]').getAttribute('data-score')).toBe('1');
    expect(await tester.getByTestId('tester-tie-only').count()).toBe(0);

    // TRY limits 17 and 18 match the contract, 15 and 19 the wallet name: all score 1, the highest lid wins.
    await chooseContract(page, contract, 'TRY');
    await expect.poll(() => winner.getAttribute('data-lid')).toBe('19');
    const tied = await tester
      .locator('tr[data-score="1"]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-lid')));
    expect(tied).toEqual(['19', '18', '17', '15']);
  });
});
