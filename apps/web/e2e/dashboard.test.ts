import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, submitLogin, useE2E } from './support.ts';
import { assignWithdrawal, withdrawalUnderReview } from './work-fixtures.ts';

const openTotal = async (page: Page) =>
  Number(await page.getByTestId('open-work-all').getAttribute('data-total'));

describe('dashboard: the member’s open work', () => {
  const e2e = useE2E();

  it('lists the oldest open items, counts new work live, and opens an item as the inbox does', async () => {
    // The test database holds no work of the admin's own: one withdrawal routed to them.
    const first = await withdrawalUnderReview(e2e.server.databaseUrl, { prefix: 'e2e-dash' });
    await assignWithdrawal(e2e.server.databaseUrl, first.id, 'admin');
    const { page } = await e2e.open();
    await signIn(page, 'admin');
    const items = page.getByTestId('open-work-item');
    await items.first().waitFor();
    expect(await items.count()).toBeLessThanOrEqual(5);
    await expect.poll(() => openTotal(page)).toBeGreaterThan(0);
    const before = await openTotal(page);

    // No reload: the inbox's live event refreshes the block, as it does the header count. Team work
    // counts once it is the member's (it waits in its queue until then).
    const w = await withdrawalUnderReview(e2e.server.databaseUrl, { prefix: 'e2e-dash', amount: '75' });
    await assignWithdrawal(e2e.server.databaseUrl, w.id, 'admin');
    await expect.poll(() => openTotal(page)).toBe(before + 1);
    expect(await page.getByTestId('open-work-all').textContent()).toContain(
      `(${(before + 1).toLocaleString('en-US')})`,
    );

    // The link opens the inbox on the same view, oldest first.
    await page.getByTestId('open-work-all').click();
    await page.waitForURL((url) => url.pathname === '/inbox' && url.searchParams.get('dir') === 'asc');
    await page.goBack();

    const withdrawal = page.locator('[data-testid="open-work-item"][data-kind="withdrawal_review"]').first();
    await withdrawal.waitFor();
    await withdrawal.getByTestId('open-work-open').click();
    await page.waitForURL(
      (url) => url.pathname === '/transactions/wallet-transactions' && url.searchParams.has('id'),
    );
    await page.getByTestId('wallet-detail').waitFor();
  });

  it('says in Turkish when nothing is assigned to the member', async () => {
    const { context, page } = await e2e.open();
    await context.addCookies([{ name: 'i18n_redirected', value: 'tr', url: e2e.url('/') }]);
    await submitLogin(page, 'manager');
    await page.getByRole('heading', { level: 1, name: 'Gösterge Paneli' }).waitFor();
    await page.getByTestId('open-work-view').getByText('Bana atanan').click();
    await page.getByTestId('open-work-empty').waitFor();
    expect(await page.getByTestId('open-work-empty').textContent()).toContain('Size atanmış açık bir iş yok');
    expect(await page.getByTestId('open-work-all').textContent()).toBe('Gelen kutusunda tümü (0)');
  });
});
