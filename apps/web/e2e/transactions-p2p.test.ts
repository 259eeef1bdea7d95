import { describe, expect, it } from 'vitest';
import { signIn, useE2E } from './support.ts';

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
