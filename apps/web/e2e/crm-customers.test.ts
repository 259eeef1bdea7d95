import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, toasts, useE2E } from './support.ts';

/** Customer list, customer page edit, add customer and export, in a real browser. */
describe('CRM customers', () => {
  const e2e = useE2E();
  let db: pg.Client;

  beforeAll(async () => {
    db = new pg.Client({ connectionString: e2e.server.databaseUrl });
    await db.connect();
    await db.query(
      `INSERT INTO customers (user_name, alias_name, alias_surname, alias_email, status, user_ky, roles)
       VALUES ('e2e_isik', 'IŞIKZEYT', 'İSTANBULKENT', 'isik.e2e@example.com', 'active', NULL, '["Trader","VIP"]'),
              ('e2e_other', 'Other', 'İstanbulkent', 'other.e2e@example.com', 'inactive', 'approved', '[]')`,
    );
  });
  afterAll(() => db?.end());

  const rows = (page: Page) => page.getByTestId('customers-list').locator('tbody tr');
  const userNames = async (page: Page) =>
    (await rows(page).locator('td:first-child').allTextContents()).map((s) => s.trim());
  async function waitForList(page: Page) {
    await page.waitForLoadState('networkidle');
    await page.getByTestId('customers-list').locator('tbody tr').first().waitFor();
  }
  async function pick(page: Page, testId: string, option: string) {
    await page.getByTestId(testId).click();
    await page.getByRole('option', { name: option, exact: true }).click();
    await page.waitForLoadState('networkidle');
  }

  it('filters by each filter, combined, with Turkish casing, and clears all four', async () => {
    const { page } = await e2e.open();
    await signIn(page);
    await page.goto('/crm/customers');
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    await waitForList(page);

    await page.getByTestId('filter-search').fill('ışıkzeyt');
    await page.waitForURL((u) => u.searchParams.get('search') === 'ışıkzeyt');
    await page.waitForLoadState('networkidle');
    await expect.poll(() => userNames(page)).toEqual(['e2e_isik']);

    await page.getByTestId('filter-search').fill('istanbulkent');
    await page.waitForURL((u) => u.searchParams.get('search') === 'istanbulkent');
    await page.waitForLoadState('networkidle');
    await expect.poll(async () => (await userNames(page)).sort()).toEqual(['e2e_isik', 'e2e_other']);

    await pick(page, 'filter-status', 'Active');
    await expect.poll(() => userNames(page)).toEqual(['e2e_isik']);
    await pick(page, 'filter-role', 'VIP');
    await expect.poll(() => userNames(page)).toEqual(['e2e_isik']);
    await pick(page, 'filter-kyc', 'Not started');
    await expect.poll(() => userNames(page)).toEqual(['e2e_isik']);
    expect(new URL(page.url()).searchParams.get('kyc_status')).toBe('kyc');

    await page.getByTestId('clear-filters').click();
    await page.waitForLoadState('networkidle');
    const url = new URL(page.url());
    for (const key of ['search', 'status', 'kyc_status', 'role'])
      expect(url.searchParams.get(key)).toBeNull();
    expect(await page.getByTestId('filter-search').inputValue()).toBe('');
    await expect.poll(() => rows(page).count()).toBe(50);
    await expect.poll(() => page.getByTestId('list-total').textContent()).toContain('1,002');

    // Roles read as words, not as the codes upstream stores.
    await page.getByTestId('filter-role').click();
    await page.getByRole('option', { name: 'P2P seller', exact: true }).waitFor();
    expect(await page.getByRole('option', { name: 'p2p_seller', exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('keeps filters and page in the URL and pages with Next/Previous', async () => {
    const { page } = await e2e.open();
    await signIn(page);
    await page.goto('/crm/customers?status=active&sort=user_name&dir=asc');
    await waitForList(page);
    const first = await userNames(page);
    await page.getByTestId('page-next').click();
    await page.waitForURL((u) => u.searchParams.has('cursor'));
    await page.waitForLoadState('networkidle');
    await expect.poll(async () => (await userNames(page))[0]! > first.at(-1)!).toBe(true);
    await page.getByTestId('page-previous').click();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => userNames(page)).toEqual(first);
  });

  it('edits a customer, shows field errors, and refuses a stale edit', async () => {
    const { page } = await e2e.open();
    await signIn(page);
    const { rows: found } = await db.query<{ id: string }>(
      `SELECT id FROM customers WHERE user_name = 'e2e_isik'`,
    );
    await page.goto(`/crm/customers/${found[0]!.id}`);
    await page.getByRole('heading', { level: 1, name: 'IŞIKZEYT İSTANBULKENT' }).waitFor();

    await page.getByTestId('edit-customer').click();
    const form = page.getByTestId('edit-customer-form');
    await form.locator('input[name="alias_email"]').fill('not-an-email');
    await form.locator('input[name="alias_mobile"]').fill('abc');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Enter a valid email address, such as name@example.com.').waitFor();
    await form.getByText('Enter a phone number of 7 to 15 digits, such as +90 532 123 45 67.').waitFor();

    await form.locator('input[name="alias_email"]').fill('isik.new@example.com');
    await form.locator('input[name="alias_mobile"]').fill('+90 532 111 22 33');
    await form.getByRole('button', { name: 'Save' }).click();
    await toasts(page).getByText('Customer updated successfully').first().waitFor();
    const profile = page.getByTestId('customer-profile');
    await profile.getByText('isik.new@example.com').waitFor();
    await profile.getByText('+90 532 111 22 33').waitFor();

    // Someone else changes the record; this page still holds the old version.
    await db.query(
      `UPDATE customers SET alias_name = 'Changed', version = version + 1 WHERE user_name = 'e2e_isik'`,
    );
    await page.getByTestId('edit-customer').click();
    await form.locator('input[name="alias_surname"]').fill('Overwrite');
    await form.getByRole('button', { name: 'Save' }).click();
    await form
      .getByTestId('edit-failure')
      .getByText('This record was changed by someone else after you opened it.', { exact: false })
      .waitFor();
    const { rows: after } = await db.query(
      `SELECT alias_name, alias_surname FROM customers WHERE user_name = 'e2e_isik'`,
    );
    expect(after[0]).toEqual({ alias_name: 'Changed', alias_surname: 'İSTANBULKENT' });
  });

  it('adds a customer and refuses a duplicate', async () => {
    const { page } = await e2e.open();
    await signIn(page);
    await page.goto('/crm/customers/add');
    const form = page.getByTestId('add-customer-form');
    const fill = async (values: Record<string, string>) => {
      for (const [name, value] of Object.entries(values))
        await form.locator(`input[name="${name}"]`).fill(value);
    };
    await fill({
      user_name: 'e2e.new',
      alias_name: 'Çağla',
      alias_surname: 'Öztürk',
      alias_email: 'cagla.e2e@example.com',
    });
    await form.getByRole('button', { name: 'Create customer' }).click();
    await page.getByRole('heading', { level: 1, name: 'Çağla Öztürk' }).waitFor();

    await page.goto('/crm/customers/add');
    await fill({
      user_name: 'e2e.new',
      alias_name: 'A',
      alias_surname: 'B',
      alias_email: 'another.e2e@example.com',
    });
    await form.getByRole('button', { name: 'Create customer' }).click();
    await form.getByText('A customer with this user name already exists.').waitFor();
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM customers WHERE user_name = 'e2e.new'`);
    expect(rows[0].n).toBe(1);
  });

  it('exports exactly the filtered rows as CSV (admin); a manager sees no export', async () => {
    const { page } = await e2e.open({ acceptDownloads: true });
    await signIn(page, 'admin');
    await page.goto('/crm/customers?search=istanbulkent');
    await waitForList(page);
    await page.getByTestId('export-menu').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-csv').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d\d-\d\d\.csv$/);
    const stream = await download.createReadStream();
    let text = '';
    for await (const chunk of stream) text += chunk.toString();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('User name');
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[1])
        .sort(),
    ).toEqual(['e2e_isik', 'e2e_other']);

    const manager = await e2e.open();
    await signIn(manager.page, 'manager');
    await manager.page.goto('/crm/customers');
    await waitForList(manager.page);
    expect(await manager.page.getByTestId('export-menu').count()).toBe(0);
  });

  it('moves the filtered customers to a tier, after saying how many', async () => {
    const { page } = await e2e.open();
    await signIn(page, 'admin');
    await page.goto('/crm/customers?search=istanbulkent');
    await waitForList(page);
    await page.getByRole('button', { name: 'Move filtered to tier…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move the filtered customers' });
    await dialog.getByText('All 2 customers matching the current filters').waitFor();
    await dialog.getByLabel('To tier').click();
    await page.getByRole('option', { name: 'Gold', exact: true }).click();
    await dialog.getByRole('button', { name: 'Count who would move' }).click();
    const confirm = page.getByRole('dialog', { name: 'Move 2 customers to Gold?' });
    await confirm.getByRole('button', { name: 'Move to Gold' }).click();
    await toasts(page).getByText('2 customers moved').first().waitFor();
    const tiers = await db.query(
      "SELECT DISTINCT customer_type FROM customers WHERE user_name IN ('e2e_isik', 'e2e_other')",
    );
    expect(tiers.rows).toEqual([{ customer_type: 'gold' }]);
  });
});
