import { describe, expect, it } from 'vitest';
import { countRenders, rendersSince } from './render-count.ts';
import { settle, signIn, useE2E } from './support.ts';

/** Far below one list page drawn again (50 rows are some 2,000 components), above the few controls that do change. */
const FEW = 400;

describe('a list is not drawn again for nothing', () => {
  const e2e = useE2E();

  it('keeps the customer list as it is when its queries go stale', async () => {
    const { context, page } = await e2e.open();
    await countRenders(context);
    await signIn(page);
    await page.goto('/crm/customers');
    await page.locator('[data-testid="customers-list"][data-rows-shown="all"] tbody tr').first().waitFor();
    await settle(page);
    await rendersSince(page);
    // The list's page and total go stale 5 s after loading.
    await page.waitForTimeout(6_000);
    expect(await rendersSince(page)).toBeLessThan(FEW);
  });

  it('keeps the P2P trades as they are when a refresh brings the same trades', async () => {
    const { context, page } = await e2e.open();
    await countRenders(context);
    await signIn(page);
    await page.goto('/transactions/pending-p2p');
    await page.locator('[data-testid="trades"][data-rows-shown="all"] tbody tr').first().waitFor();
    await settle(page);
    await rendersSince(page);
    const refreshed = page.waitForResponse((r) => r.url().includes('/api/transactions/p2p/trades?'));
    await page.getByRole('button', { name: 'Refresh now' }).click();
    await refreshed;
    await settle(page);
    expect(await rendersSince(page)).toBeLessThan(FEW);
  });
});
