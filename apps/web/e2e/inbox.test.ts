import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, toasts, useE2E } from './support.ts';
import { withdrawalUnderReview } from './work-fixtures.ts';

const unreadCount = async (page: Page) =>
  Number(await page.getByTestId('inbox-indicator').getAttribute('data-unread'));

describe('inbox', () => {
  const e2e = useE2E();

  it('a withdrawal needing review arrives live with the unread count rising; approved elsewhere, it leaves', async () => {
    const { page } = await e2e.open();
    await signIn(page, 'admin');
    await page.getByTestId('inbox-indicator').click();
    await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    const list = page.getByTestId('inbox-list');
    // The demo data fills the inbox from the start.
    await list.locator('tbody tr[data-row-index]').first().waitFor();
    await expect.poll(() => unreadCount(page)).toBeGreaterThan(0);
    const before = await unreadCount(page);

    const w = await withdrawalUnderReview(e2e.server.databaseUrl);
    // No reload: the event comes over the page's stream.
    const row = list.locator('tbody tr', { hasText: w.customer });
    await row.waitFor();
    expect(await row.getAttribute('data-kind')).toBe('withdrawal_review');
    expect(await row.getAttribute('data-read')).toBe('false');
    await expect.poll(() => unreadCount(page)).toBe(before + 1);
    await expect
      .poll(() => page.getByTestId('inbox-announcement').textContent())
      .toBe(`${before + 1} unread items in your inbox`);

    // Approved by another member on the transactions page.
    const { page: other } = await e2e.open();
    await signIn(other, 'super');
    await other.goto(`/transactions/wallet-transactions?id=${w.id}`);
    await other.getByTestId('wallet-detail').waitFor();
    await other.getByTestId('approve').click();
    await other.getByTestId('confirm').click();
    await toasts(other).getByText('Withdrawal approved').waitFor();

    await row.waitFor({ state: 'detached' });
    await expect.poll(() => unreadCount(page)).toBe(before);
  });

  it('marks items read in bulk, takes one, and opens its withdrawal', async () => {
    const w = await withdrawalUnderReview(e2e.server.databaseUrl);
    const { page } = await e2e.open();
    await signIn(page, 'admin');
    await page.goto('/inbox?read=unread');
    const row = page.getByTestId('inbox-list').locator('tbody tr', { hasText: w.customer });
    await row.waitFor();
    await expect.poll(() => unreadCount(page)).toBeGreaterThan(0);
    const before = await unreadCount(page);
    await row.getByTestId('inbox-select').check();
    await page.getByTestId('inbox-mark-read').click();
    await row.waitFor({ state: 'detached' });
    await expect.poll(() => unreadCount(page)).toBe(before - 1);

    await page.goto('/inbox?read=read');
    const readRow = page.getByTestId('inbox-list').locator('tbody tr', { hasText: w.customer });
    await readRow.getByTestId('inbox-assign').click();
    await readRow.getByTestId('inbox-unassign').waitFor();
    await readRow.getByTestId('inbox-open').click();
    await page.waitForURL((url) => url.pathname === '/transactions/wallet-transactions');
    // The router writes a numeric-looking text search value in JSON quotes.
    expect(new URL(page.url()).searchParams.get('id')?.replaceAll('"', '')).toBe(String(w.id));
    await page.getByTestId('wallet-detail').getByText(w.customer).first().waitFor();
  });
});
