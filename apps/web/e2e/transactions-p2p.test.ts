import { describe, expect, it } from 'vitest';
import { axeProblems, signIn, toasts, useE2E } from './support.ts';

describe('pending P2P trades', () => {
  const e2e = useE2E();

  it('refreshes every 60 s in the background until paused, and again once resumed', async () => {
    const { page } = await e2e.open();
    await signIn(page, 'admin');
    let fetches = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/transactions/p2p/trades')) fetches++;
    });
    await page.clock.install();
    await page.goto('/transactions/pending-p2p');
    await page.getByRole('heading', { level: 1, name: 'Pending P2P Trades' }).waitFor();
    await page.locator('[data-testid="trades"] tbody tr').first().waitFor();
    await page.getByTestId('last-refreshed').getByText('Last refreshed').waitFor();
    const controls = page.getByTestId('p2p-refresh');
    expect(await controls.getAttribute('data-paused')).toBe('false');

    const loaded = fetches;
    await page.clock.fastForward(61_000);
    await expect.poll(() => fetches).toBeGreaterThan(loaded);

    await page.getByTestId('toggle-refresh').click();
    expect(await controls.getAttribute('data-paused')).toBe('true');
    await controls.getByText('Auto-refresh paused').waitFor();
    const paused = fetches;
    await page.clock.fastForward(180_000);
    await page.waitForTimeout(300);
    expect(fetches).toBe(paused);

    await page.getByTestId('toggle-refresh').click();
    await page.clock.fastForward(61_000);
    await expect.poll(() => fetches).toBeGreaterThan(paused);
  });

  it('shows a manager the trades without any action buttons', async () => {
    const { page } = await e2e.open();
    await signIn(page, 'manager');
    await page.goto('/transactions/pending-p2p');
    await page.locator('[data-testid="trades"] tbody tr').first().waitFor();
    expect(await page.locator('[data-testid^="cancel-"]').count()).toBe(0);
  });
});

describe('P2P actions on a Turkish screen', () => {
  const e2e = useE2E();

  const openInTurkish = async (path: string) => {
    const { context, page } = await e2e.open();
    await signIn(page, 'admin');
    await context.addCookies([{ name: 'i18n_redirected', value: 'tr', url: e2e.url('/') }]);
    await page.goto(path);
    return page;
  };

  it("suspends and resumes an offer, each confirmed in Turkish rather than the server's English", async () => {
    const page = await openInTurkish('/transactions/active-p2p?status=active');
    const toggle = page.locator('[data-testid^="toggle-offer-"]').first();
    await toggle.waitFor();
    const testId = (await toggle.getAttribute('data-testid'))!;
    await toggle.click();
    await toasts(page).getByText('İlan askıya alındı', { exact: true }).waitFor();
    await page.goto('/transactions/active-p2p?status=suspended');
    await page.getByTestId(testId).click();
    await toasts(page).getByText('İlan yeniden açıldı', { exact: true }).waitFor();
    expect(
      await toasts(page)
        .getByText(/Offer (suspended|resumed)/)
        .count(),
    ).toBe(0);
  });

  it('settles a dispute with a Turkish toast that names the outcome', async () => {
    const page = await openInTurkish('/transactions/pending-p2p?status=disputed');
    const settle = page.locator('[data-testid^="settle-"]').first();
    await settle.click();
    const dialog = page.getByTestId('reason-dialog');
    await dialog.getByText('Satıcıya iade et', { exact: true }).click();
    await dialog.locator('textarea[name="reason"]').fill('Satıcı ödemeyi almadı');
    await page.getByTestId('confirm').click();
    await toasts(page).getByText('Uyuşmazlık çözüldü', { exact: true }).waitFor();
    await toasts(page).getByText('Satıcıya iade edildi', { exact: true }).waitFor();
    expect(await toasts(page).getByText('Refunded to the seller').count()).toBe(0);
  });

  it('opens a trade from its row: parties as links, the offer, the dispute, its history, and its action', async () => {
    const { page } = await e2e.open({ bypassCSP: true });
    await signIn(page, 'admin');
    await page.goto('/transactions/pending-p2p?status=disputed');
    const row = page.locator('[data-testid="trades"] tbody tr').first();
    await row.waitFor();
    // The amount cell (not a customer link, not an action): the row opens.
    await row.locator('td').nth(4).click();
    const detail = page.getByTestId('trade-detail');
    await detail.waitFor();
    expect(await detail.getAttribute('data-status')).toBe('disputed');
    await detail.getByTestId('trade-dispute').waitFor();
    expect(await detail.getByRole('link').count()).toBeGreaterThan(0);
    await detail.getByText('Offer', { exact: true }).waitFor();
    await detail.locator('[data-testid^="drawer-settle-"]').waitFor();
    expect(await axeProblems(page)).toEqual([]);
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/p2p-trade-drawer.png` });
    // Its action from the drawer opens the same confirmation as the row's.
    await detail.locator('[data-testid^="drawer-settle-"]').click();
    await page.getByTestId('reason-dialog').waitFor();
  });
});
