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
