import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { countRenders, drawnSince, rendersSince } from './render-count.ts';
import { settle, signIn, useE2E } from './support.ts';

/** Far below one list page drawn again (50 rows are some 2,000 components), above the few controls that do change. */
const FEW = 400;

/** Fails naming the components drawn most when more than a few were drawn. */
async function expectFewDrawn(page: Page): Promise<void> {
  const { renders, most } = await drawnSince(page);
  expect(renders, `drawn most: ${most}`).toBeLessThan(FEW);
}

describe('a page is not drawn again for nothing', () => {
  const e2e = useE2E();

  /**
   * Opens a list with every row of its first page drawn, and the render count at zero. The page's
   * timers run on Playwright's clock, so a test moves time on instead of sleeping through it.
   */
  async function openList(path: string, testId: string): Promise<Page> {
    const { context, page } = await e2e.open();
    await page.clock.install();
    await countRenders(context);
    await signIn(page);
    await page.goto(path);
    await page.locator(`[data-testid="${testId}"][data-rows-shown="all"] tbody tr`).first().waitFor();
    await settle(page);
    await rendersSince(page);
    return page;
  }

  it('keeps the customer list as it is when its queries go stale', async () => {
    const page = await openList('/crm/customers', 'customers-list');
    // The list's page and total go stale 5 s after loading: their stale timers fire now.
    await page.clock.fastForward(6_000);
    await settle(page);
    await expectFewDrawn(page);
  });

  it('keeps the P2P trades as they are when a refresh brings the same trades', async () => {
    const page = await openList('/transactions/pending-p2p', 'trades');
    const refreshed = page.waitForResponse((r) => r.url().includes('/api/transactions/p2p/trades?'));
    await page.getByRole('button', { name: 'Refresh now' }).click();
    await refreshed;
    await settle(page);
    await expectFewDrawn(page);
  });

  it("keeps a report's charts as they are when a refetch brings the same figures", async () => {
    const { context, page } = await e2e.open();
    await countRenders(context);
    await signIn(page);
    // The report answers with the same body each time (its generatedAt would differ otherwise).
    let first: { body: string; contentType: string } | undefined;
    await page.route('**/api/panel/report-transactions?*', async (route) => {
      if (!first) {
        const response = await route.fetch();
        first = { body: await response.text(), contentType: response.headers()['content-type'] ?? '' };
      }
      await route.fulfill({ status: 200, body: first.body, contentType: first.contentType });
    });
    // The member's name changes in another session meanwhile: the refetched profile differs, its
    // display zone does not, and the report has nothing to draw again for it.
    let renamed = false;
    await page.route('**/api/settings/profile', async (route) => {
      const response = await route.fetch();
      const profile = (await response.json()) as { display_name: string; version: number };
      if (renamed)
        Object.assign(profile, { display_name: 'Renamed elsewhere', version: profile.version + 1 });
      await route.fulfill({ response, json: profile });
    });
    await page.clock.install();
    await page.goto('/reports/transactions');
    await page.locator('.recharts-surface').first().waitFor();
    await settle(page);
    await rendersSince(page);
    // Stale after 30 s; the window coming back into focus fetches both again.
    await page.clock.fastForward(31_000);
    renamed = true;
    const answered = (path: string) => page.waitForResponse((r) => r.url().includes(path));
    const refetched = Promise.all([
      answered('/api/panel/report-transactions?'),
      answered('/api/settings/profile'),
    ]);
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await refetched;
    await settle(page);
    // What the answers change is committed within a frame or two of their arrival.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await expectFewDrawn(page);
  });
});
