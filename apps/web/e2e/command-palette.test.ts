import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, useE2E } from './support.ts';

const input = (page: Page) => page.getByTestId('command-palette-input');
/** A search value as the router wrote it (it quotes a text that reads as a number: id="42"). */
function searchParam(url: URL, key: string): string | null {
  const value = url.searchParams.get(key);
  try {
    return value === null ? null : String(JSON.parse(value));
  } catch {
    return value;
  }
}
/** The palette's own list (a page's selects have options too). */
const results = async (page: Page) =>
  page.locator(`[id="${await input(page).getAttribute('aria-controls')}"]`);
const activeOption = async (page: Page) =>
  (await results(page)).locator('[role="option"][aria-selected="true"]');

/** Opens the palette from the keyboard and types, then waits for a result naming `expected`. */
async function search(page: Page, text: string, expected: string | RegExp) {
  await page.getByTestId('command-palette-button').waitFor(); // the shell (and its shortcut) is up
  await page.keyboard.press('Control+K');
  await input(page).waitFor();
  await input(page).fill(text);
  await (await results(page)).getByRole('option').filter({ hasText: expected }).first().waitFor();
  // Every source has answered for this text: the list will not change under the next key press.
  await page
    .locator(`[id="${await input(page).getAttribute('aria-controls')}"][aria-busy="false"]`)
    .waitFor();
}

describe('command palette', () => {
  const e2e = useE2E();

  it('finds a customer by name and by id, a transaction by hash and a page, from the keyboard only', async () => {
    const { context, page } = await e2e.open();
    await signIn(page);
    const get = async (path: string) => (await context.request.get(e2e.url(path))).json();
    const customer = (await get('/api/customers/get-users?limit=1')).users[0];
    const tx = (await get('/api/transactions/wallet-transactions?limit=50')).items.find(
      (item: { tx_hash: string | null }) => item.tx_hash && item.tx_hash.length >= 16,
    );
    expect(tx).toBeDefined();

    // By user name: Enter opens the first result, the customer's page.
    await search(page, customer.user_name, `#${customer.id}`);
    expect(await input(page).getAttribute('aria-activedescendant')).toBe(
      await (await activeOption(page)).getAttribute('id'),
    );
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/crm/customers/${customer.id}`);
    await input(page).waitFor({ state: 'detached' });

    // By id, from another page.
    await page.goto('/');
    await search(page, String(customer.id), `#${customer.id}`);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/crm/customers/${customer.id}`);

    // By hash: the wallet transactions list, filtered to it, with its detail open.
    await search(page, tx.tx_hash, tx.tx_hash);
    await page.keyboard.press('Enter');
    await page.waitForURL(
      (url) =>
        url.pathname === '/transactions/wallet-transactions' &&
        searchParam(url, 'hash') === tx.tx_hash &&
        searchParam(url, 'id') === String(tx.id),
    );

    // The transaction's detail opens in a drawer (which takes the focus): wait for it and close it.
    await page.getByTestId('wallet-detail').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('wallet-detail').waitFor({ state: 'hidden' });

    // A page, picked with the arrow keys; Escape closes without moving.
    await search(page, 'limits', 'Limits');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    expect(await (await activeOption(page)).textContent()).toContain('Limits');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/transactions/limits');
    await page.keyboard.press('Control+K');
    await input(page).waitFor();
    await page.keyboard.press('Escape');
    await input(page).waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/transactions/limits');
  });

  it('finds a customer by phone number however it is typed, and a pending P2P trade by its guid', async () => {
    const { context, page } = await e2e.open();
    await signIn(page);
    const get = async (path: string) => (await context.request.get(e2e.url(path))).json();
    const customer = (await get('/api/customers/get-users?limit=50')).users.find(
      (c: { phone: string }) => c.phone.replace(/\D/g, '').length >= 7,
    );
    expect(customer).toBeDefined();
    const trade = (await get('/api/transactions/p2p/trades?limit=1')).items[0];
    expect(trade).toBeDefined();

    // By phone: the digits alone, grouped otherwise than stored, still find the customer.
    const digits: string = customer.phone.replace(/\D/g, '');
    const typed = `${digits.slice(0, 3)} ${digits.slice(3, 6)}-${digits.slice(6)}`;
    await search(page, typed, `#${customer.id}`);
    const option = (await results(page))
      .getByRole('option')
      .filter({ hasText: `#${customer.id}` })
      .first();
    expect(await option.textContent()).toContain('Customer');
    await option.click();
    await page.waitForURL((url) => url.pathname === `/crm/customers/${customer.id}`);

    // By guid: the pending P2P list, filtered to that offer's trades.
    await search(page, trade.trade_market_guid, `#${trade.id}`);
    const tradeOption = (await results(page)).getByRole('option').filter({ hasText: `#${trade.id}` });
    expect(await tradeOption.first().textContent()).toContain('P2P trade');
    await page.keyboard.press('Enter');
    await page.waitForURL(
      (url) =>
        url.pathname === '/transactions/pending-p2p' && searchParam(url, 'guid') === trade.trade_market_guid,
    );
    const rows = page.getByTestId('trades').locator('tbody tr[data-row-index]');
    await rows.first().waitFor();
    const expected = (await get(`/api/transactions/p2p/trades?guid=${trade.trade_market_guid}`)).items;
    await expect.poll(() => rows.count()).toBe(expected.length);
    expect(await page.getByTestId('filter-guid').inputValue()).toBe(trade.trade_market_guid);

    // A phone number with too few digits is no phone search: nothing is asked, nothing found.
    await page.keyboard.press('Control+K');
    await input(page).fill('+9');
    await page.getByText('Nothing found.').waitFor();
  });

  it('speaks Turkish and matches Turkish page names without their accents, from the header button', async () => {
    const { page } = await e2e.open();
    await signIn(page);
    await page.getByRole('button', { name: 'Türkçe' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Gösterge Paneli' }).waitFor();
    await page.getByTestId('command-palette-button').click();
    await input(page).fill('musteri kisit');
    const option = (await results(page)).getByRole('option').filter({ hasText: 'Kısıtlama' }).first();
    await option.waitFor();
    expect(await option.textContent()).toContain('Sayfa');
    await page.getByText(/^\d+ sonuç$/).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/crm/customers/restrictions');
    await page.getByTestId('command-palette-button').click();
    await input(page).fill('zzzz-nothing');
    await page.getByText('Sonuç bulunamadı.').waitFor();
  });
});
