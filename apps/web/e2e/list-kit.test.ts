import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, toasts, useE2E } from './support.ts';

/** The list-page kit, on real lists: column choice, saved filters, page size, keys, the action column. */
describe('list pages', () => {
  const e2e = useE2E();

  const customers = (page: Page) => page.getByTestId('customers-list');
  const rows = (page: Page) => customers(page).locator('tbody tr');
  const headers = async (page: Page) =>
    (await customers(page).locator('thead th').allTextContents()).map((s) => s.trim());
  async function openCustomers(page: Page, query = '') {
    await page.goto(`/crm/customers${query}`);
    await rows(page).first().waitFor();
  }

  it('hides a column from the chooser and keeps it hidden after a reload', async () => {
    const { page } = await e2e.open();
    await signIn(page, 'manager');
    await openCustomers(page);
    expect(await headers(page)).toContain('Email');

    await page.getByTestId('column-chooser').click();
    await page.getByTestId('column-toggle-email').click();
    await expect.poll(() => headers(page)).not.toContain('Email');

    await page.reload();
    await rows(page).first().waitFor();
    expect(await headers(page)).not.toContain('Email');
    expect(await headers(page)).toContain('Phone');
  });

  it('saves the current filters under a name, applies them again and deletes them', async () => {
    const { page } = await e2e.open();
    await signIn(page, 'manager');
    await openCustomers(page, '?status=inactive&sort=user_name&dir=asc');

    await page.getByTestId('saved-views').click();
    await page.getByTestId('save-view').click();
    await page.getByTestId('view-name').fill('Inactive A–Z');
    await page.getByTestId('view-save').click();
    await toasts(page).getByText('Filter "Inactive A–Z" saved').first().waitFor();

    await page.getByTestId('clear-filters').click();
    await page.waitForURL((u) => !u.searchParams.has('status'));

    await page.getByTestId('saved-views').click();
    await page.getByTestId('saved-views-menu').getByText('Inactive A–Z').click();
    await page.waitForURL((u) => u.searchParams.get('status') === 'inactive');
    const url = new URL(page.url());
    expect([url.searchParams.get('sort'), url.searchParams.get('dir')]).toEqual(['user_name', 'asc']);

    // Kept on the server: another browser of the same member sees it, and can delete it.
    const other = await e2e.open();
    await signIn(other.page, 'manager');
    await openCustomers(other.page);
    await other.page.getByTestId('saved-views').click();
    const menu = other.page.getByTestId('saved-views-menu');
    await menu.getByText('Inactive A–Z').waitFor();
    await menu.getByTestId('delete-saved-view').click();
    await menu.getByText('No saved filters yet').waitFor();
  });

  it('changes the page size through the URL, within the contract maximum', async () => {
    const { page } = await e2e.open();
    await signIn(page, 'manager');
    await openCustomers(page);
    await expect.poll(() => rows(page).count()).toBe(50);
    await page.getByTestId('page-size').click();
    await page.getByRole('option', { name: '25', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('limit') === '25');
    await expect.poll(() => rows(page).count()).toBe(25);

    // A size the contract does not allow is ignored, not sent.
    await openCustomers(page, '?limit=5000');
    await expect.poll(() => rows(page).count()).toBe(50);
  });

  it('moves between rows with the keyboard and opens one with Enter', async () => {
    const { page } = await e2e.open();
    await signIn(page, 'manager');
    await openCustomers(page, '?sort=user_name&dir=asc');
    const second = (await rows(page).nth(1).locator('td').first().textContent())?.trim();

    await rows(page).first().focus();
    await page.keyboard.press('j');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-row-index')))
      .toBe('1');
    // The focused row is now the list's one tab stop.
    const stops = () =>
      page
        .locator('tbody tr[data-row-index][tabindex="0"]')
        .evaluateAll((found) => found.map((row) => row.getAttribute('data-row-index')));
    await expect.poll(stops).toEqual(['1']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('k');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => /^\/crm\/customers\/\d+$/.test(u.pathname));
    // The customer page names the user under its heading.
    await page.getByTestId('customer-profile').waitFor();
    await page.getByText(second!, { exact: true }).first().waitFor();
  });

  it('keeps every action and status inside the window at 1280 px', async () => {
    const { page } = await e2e.open({ viewport: { width: 1280, height: 800 } });
    await signIn(page, 'admin');
    const inside = async (selector: string) => {
      const cells = page.locator(selector);
      await cells.first().waitFor();
      for (const cell of (await cells.all()).slice(0, 5)) {
        const box = await cell.boundingBox();
        expect(box, selector).not.toBeNull();
        expect(box!.x, selector).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, selector).toBeLessThanOrEqual(1280);
        // Whole, not squeezed into "Comp…" by a narrow column.
        const clipped = await cell.evaluate((el) => {
          const label = el.querySelector('.mantine-Badge-label, .mantine-Button-label') ?? el;
          return label.scrollWidth > label.clientWidth + 1;
        });
        expect(clipped, selector).toBe(false);
      }
    };

    await page.goto('/transactions/pending-p2p');
    await inside('[data-testid="trades"] tbody [data-testid^="cancel-"]');
    await page.goto('/transactions/wallet-transactions');
    await inside('[data-testid="wallet-transactions"] tbody tr td:last-child .mantine-Badge-root');
    await page.goto('/crm/customers/restrictions?state=active');
    await inside('[data-testid="restrictions-list"] tbody [data-testid="lift-restriction"]');
    await page.goto('/transactions/active-p2p');
    await inside('[data-testid="offers"] tbody [data-testid^="toggle-offer-"]');
  });
});
