import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dbRows } from './fraud-fixtures.ts';
import { signIn, useE2E } from './support.ts';

const input = (page: Page) => page.getByTestId('command-palette-input');
const paletteList = async (page: Page) =>
  page.locator(`[id="${await input(page).getAttribute('aria-controls')}"]`);

/** Opens the palette, types, and waits until every source has answered for the text. */
async function searchPalette(page: Page, text: string) {
  await page.getByTestId('command-palette-button').waitFor();
  await page.keyboard.press('Control+K');
  await input(page).fill(text);
  await (await paletteList(page)).getByRole('option').first().waitFor();
  await page
    .locator(`[id="${await input(page).getAttribute('aria-controls')}"][aria-busy="false"]`)
    .waitFor();
}

/** The customer a link leads to, by its href. */
const linkedId = async (page: Page, scope: string) =>
  Number(
    (await page.locator(`${scope} a[href^="/crm/customers/"]`).first().getAttribute('href'))
      ?.split('/')
      .pop(),
  );

describe('finding a customer by full name, and customers as links', () => {
  const e2e = useE2E();

  it('finds a full name in the palette and the list, and counts every match, not those shown', async () => {
    const { context, page } = await e2e.open();
    await signIn(page);
    const get = async (path: string) => (await context.request.get(e2e.url(path))).json();
    const customers: { id: number; alias_name: string | null; alias_surname: string | null }[] = (
      await get('/api/customers/get-users?limit=200')
    ).users;
    const named = customers.find((c) => c.alias_name && c.alias_surname)!;
    const fullName = `${named.alias_name} ${named.alias_surname}`;

    // The full name, as a member types it: the customer is found (each field alone would not be).
    await searchPalette(page, fullName);
    const option = (await paletteList(page)).getByRole('option').filter({ hasText: `#${named.id}` });
    await option.first().waitFor();
    await page.keyboard.press('Escape');

    // A first name many customers share: the count is all of them, the palette lists five.
    const counts = new Map<string, number>();
    for (const c of customers)
      if (c.alias_name) counts.set(c.alias_name, (counts.get(c.alias_name) ?? 0) + 1);
    const common = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    const total = (await get(`/api/customers/count-users?search=${encodeURIComponent(common)}`)).total;
    expect(total.value).toBeGreaterThan(5);
    await searchPalette(page, common);
    const status = (await page.getByTestId('command-palette').getByRole('status').textContent()) ?? '';
    const [, shownTotal, shown] = /^([\d,≈ .a-z]+) results?, (\d+) shown$/.exec(status) ?? [];
    expect(status).toMatch(/results?, \d+ shown$/);
    expect(Number(shown)).toBeLessThan(total.value);
    if (total.exact) expect(Number(shownTotal!.replaceAll(',', ''))).toBeGreaterThanOrEqual(total.value);
    // "All N" opens the customer list, searched for the same words.
    const all = (await paletteList(page)).getByRole('option').filter({ hasText: 'matching customers' });
    await all.click();
    await page.waitForURL((url) => url.pathname === '/crm/customers' && url.search.includes('search='));

    // The list finds the full name too, as one of its rows.
    await page.goto(`/crm/customers?search=${encodeURIComponent(fullName)}`);
    await page
      .getByTestId('customers-list')
      .locator(`a[href="/crm/customers/${named.id}"]`)
      .first()
      .waitFor();
  });

  it('links the customer of a wallet transaction (list and drawer) and of a P2P trade to their page', async () => {
    const { context, page } = await e2e.open();
    await signIn(page);
    const get = async (path: string) => (await context.request.get(e2e.url(path))).json();

    const tx = (await get('/api/transactions/wallet-transactions?limit=1')).items[0];
    await page.goto('/transactions/wallet-transactions');
    const rows = page.getByTestId('wallet-transactions').locator('tbody tr[data-row-index]');
    await rows.first().waitFor();
    expect(await linkedId(page, '[data-testid="wallet-transactions"] tbody tr[data-row-index="0"]')).toBe(
      tx.customer_id,
    );
    // The row opens the drawer; its customer is a link as well, which leads to the customer page.
    await rows.first().locator('td').first().click();
    await page.getByTestId('wallet-detail').waitFor();
    expect(await linkedId(page, '[data-testid="wallet-detail"]')).toBe(tx.customer_id);
    await page.getByTestId('wallet-detail').locator('a[href^="/crm/customers/"]').first().click();
    await page.waitForURL((url) => url.pathname === `/crm/customers/${tx.customer_id}`);

    // The first pending trade's buyer and seller link to the customers of those user names.
    await page.goto('/transactions/pending-p2p');
    const firstRow = page.getByTestId('trades').locator('tbody tr[data-row-index="0"]');
    await firstRow.waitFor();
    const links = await firstRow
      .locator('a[href^="/crm/customers/"]')
      .evaluateAll((anchors) =>
        anchors.map((a) => ({ name: a.textContent ?? '', href: a.getAttribute('href') })),
      );
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      const users = (await get(`/api/customers/get-users?search=${encodeURIComponent(link.name)}&limit=200`))
        .users;
      const named = users.find((u: { user_name: string }) => u.user_name === link.name);
      expect(link.href).toBe(`/crm/customers/${named.id}`);
    }
  });

  it("shows the customer's active restrictions and open alerts in the page header", async () => {
    const url = e2e.server.databaseUrl;
    const [customer] = await dbRows<{ id: string }>(
      url,
      `INSERT INTO customers (user_name) VALUES ('e2e-glance-1') RETURNING id`,
    );
    const id = Number(customer!.id);
    await dbRows(url, `INSERT INTO fraud_rules (code) VALUES ('withdrawal_velocity') ON CONFLICT DO NOTHING`);
    // Open and investigating count; a closed one does not.
    for (const [i, status] of ['open', 'investigating', 'closed'].entries())
      await dbRows(
        url,
        `INSERT INTO fraud_alerts (customer_id, rule_code, rule_version, severity, window_key, window_start,
                                   window_end, params, figures, event_at, status, outcome, closed_at)
         VALUES ($1, 'withdrawal_velocity', 1, 'high', $2, now() - interval '1 hour', now(), '{}', '{}', now(), $3,
                 $4, CASE WHEN $4::text IS NULL THEN NULL ELSE now() END)`,
        [id, `e2e-glance-${i}`, status, status === 'closed' ? 'false_positive' : null],
      );
    // An active withdrawal restriction shows; a lifted login one does not.
    await dbRows(
      url,
      `INSERT INTO customer_restrictions (customer_id, kind, reason, lifted_at)
       VALUES ($1, 'withdrawal', 'e2e glance', NULL), ($1, 'login', 'e2e glance', now())`,
      [id],
    );
    const { page } = await e2e.open();
    await signIn(page);
    await page.goto(`/crm/customers/${id}`);
    const glance = page.getByTestId('glance-alerts');
    await glance.waitFor();
    expect(await glance.textContent()).toBe('2 open alerts');
    expect(await glance.getAttribute('href')).toContain('/compliance/fraud-check');
    // Polled: the alerts' figure can be drawn before the page's own texts settle.
    await expect
      .poll(() => page.getByTestId('glance-restriction').allTextContents())
      .toEqual(['Withdrawal restricted']);
  });
});
