import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, submitLogin, toasts, useE2E } from './support.ts';
import { assignWithdrawal, withdrawalUnderReview } from './work-fixtures.ts';

const unreadCount = async (page: Page) =>
  Number(await page.getByTestId('inbox-indicator').getAttribute('data-unread'));
const queueCount = async (page: Page, kind: string) =>
  Number(
    await page
      .locator(`[data-testid="team-queue"][data-kind="${kind}"]`)
      .getByTestId('team-queue-count')
      .getAttribute('data-count'),
  );

describe('inbox', () => {
  const e2e = useE2E();

  it('a withdrawal needing review arrives live in the withdrawals queue, not in the inbox; assigned, it is mine with the count rising; approved elsewhere, it leaves', async () => {
    const { page } = await e2e.open();
    await signIn(page, 'admin');
    await page.getByTestId('inbox-indicator').click();
    await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Team queues' }).waitFor();
    const list = page.getByTestId('inbox-list');
    await page.locator('[data-testid="team-queue"][data-kind="withdrawal_review"]').waitFor();
    const [queued, before] = [await queueCount(page, 'withdrawal_review'), await unreadCount(page)];

    const w = await withdrawalUnderReview(e2e.server.databaseUrl);
    // No reload: the queue's count rises over the page's stream; the personal inbox does not move.
    await expect.poll(() => queueCount(page, 'withdrawal_review')).toBe(queued + 1);
    expect(await unreadCount(page)).toBe(before);
    expect(await list.locator('tbody tr', { hasText: w.customer }).count()).toBe(0);

    // Routed to the admin (another node, or round robin): now it needs them.
    await assignWithdrawal(e2e.server.databaseUrl, w.id, 'admin');
    const row = list.locator('tbody tr', { hasText: w.customer });
    await row.waitFor();
    expect(await row.getAttribute('data-kind')).toBe('withdrawal_review');
    expect(await row.getAttribute('data-read')).toBe('false');
    await expect.poll(() => unreadCount(page)).toBe(before + 1);
    await expect.poll(() => queueCount(page, 'withdrawal_review')).toBe(queued);
    await expect
      .poll(() => page.getByTestId('inbox-announcement').textContent())
      .toBe(`${before + 1} unread ${before + 1 === 1 ? 'item' : 'items'} in your inbox`);

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

  it('marks items read in bulk, gives one back to its queue, and takes the next into the inbox', async () => {
    const w = await withdrawalUnderReview(e2e.server.databaseUrl);
    await assignWithdrawal(e2e.server.databaseUrl, w.id, 'admin');
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
    await readRow.waitFor();
    const queued = await queueCount(page, 'withdrawal_review');
    await readRow.getByTestId('inbox-unassign').click();
    await readRow.waitFor({ state: 'detached' });
    await expect.poll(() => queueCount(page, 'withdrawal_review')).toBe(queued + 1);

    // "Next" takes the queue's oldest withdrawal into the admin's inbox and opens it.
    await page
      .locator('[data-testid="team-queue"][data-kind="withdrawal_review"]')
      .getByTestId('team-queue-next')
      .click();
    await page.waitForURL((url) => url.pathname === '/transactions/wallet-transactions');
    // The router writes a numeric-looking text search value in JSON quotes.
    const taken = new URL(page.url()).searchParams.get('id')?.replaceAll('"', '');
    expect(Number(taken)).toBeGreaterThan(0);
    await page.getByTestId('wallet-detail').waitFor();
    await page.goto('/inbox?assigned=me&kind=withdrawal_review&state=open');
    await page.getByTestId('inbox-list').locator('tbody tr[data-kind="withdrawal_review"]').first().waitFor();
    await expect.poll(() => queueCount(page, 'withdrawal_review')).toBe(queued);
  });

  it('an admin sets a queue to round robin with a cap; a manager sees only the queues of their role', async () => {
    const { page } = await e2e.open();
    await signIn(page, 'admin');
    await page.goto('/inbox');
    const card = page.locator('[data-testid="team-queue"][data-kind="p2p_dispute"]');
    await card.getByTestId('team-queue-routing').click();
    const dialog = page.getByRole('dialog', { name: 'Routing of P2P disputes' });
    await dialog.getByTestId('queue-routing').getByText('Round robin', { exact: true }).click();
    await dialog.getByTestId('queue-cap').fill('3');
    await dialog.getByTestId('queue-routing-save').click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText('Round robin · max 3').waitFor();

    const { page: other } = await e2e.open();
    await signIn(other, 'manager');
    await other.goto('/inbox');
    await other.getByTestId('team-queues').waitFor();
    const kinds = await other
      .getByTestId('team-queue')
      .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-kind')));
    expect(kinds).toEqual(['kyc_waiting', 'fraud_alert']);
    expect(await other.getByTestId('team-queue-routing').count()).toBe(0);
  });

  it('reads whole in Turkish and English, light and dark, the routing dialog too', async () => {
    const w = await withdrawalUnderReview(e2e.server.databaseUrl, { prefix: 'e2e-shot' });
    await assignWithdrawal(e2e.server.databaseUrl, w.id, 'admin');
    await withdrawalUnderReview(e2e.server.databaseUrl, { prefix: 'e2e-shot' });
    for (const language of ['en', 'tr'] as const)
      for (const mode of ['light', 'dark'] as const) {
        const { context, page } = await e2e.open({
          colorScheme: mode,
          viewport: { width: 1280, height: 900 },
        });
        await context.addCookies([{ name: 'i18n_redirected', value: language, url: e2e.url('/') }]);
        await context.addInitScript((stored) => localStorage.setItem('nuxt-color-mode', stored), mode);
        await submitLogin(page, 'admin');
        await page.waitForURL((url) => url.pathname === '/');
        await page.goto('/inbox');
        const queues = page.getByTestId('team-queues');
        await queues
          .getByRole('heading', { name: language === 'tr' ? 'Ekip kuyrukları' : 'Team queues' })
          .waitFor();
        await page.getByTestId('inbox-list').locator('tbody tr', { hasText: w.customer }).waitFor();
        const card = page.locator('[data-testid="team-queue"][data-kind="withdrawal_review"]');
        expect(await card.textContent()).toContain(language === 'tr' ? 'Çekimler' : 'Withdrawals');
        const shots = process.env.E2E_SCREENSHOTS;
        if (shots) await page.screenshot({ path: `${shots}/inbox-${language}-${mode}.png`, fullPage: true });
        await card.getByTestId('team-queue-routing').click();
        const dialog = page.getByRole('dialog');
        await dialog.getByTestId('queue-routing-save').waitFor();
        expect(await dialog.textContent()).toContain(
          language === 'tr' ? 'Kişi başı üst sınır' : 'Cap per member',
        );
        if (shots) await page.screenshot({ path: `${shots}/inbox-routing-${language}-${mode}.png` });
        await context.close();
      }
  });
});
