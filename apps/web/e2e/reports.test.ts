import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, useE2E } from './support.ts';

const REPORTS = [
  ['compliance', 'Compliance Reports'],
  ['csc', 'Deposit CSC Reports'],
  ['customers', 'Customer Reports'],
  ['financial', 'Financial Reports'],
  ['fraud-security', 'Fraud & Security Reports'],
  ['p2p', 'P2P Reports'],
  ['transactions', 'Transaction Reports'],
  ['travel-rule', 'Travel Rule Reports'],
] as const;

/** The downloaded file's text (CSV) or bytes (XLSX) after clicking an export entry. */
async function exported(page: Page, format: 'csv' | 'xlsx') {
  await page.getByTestId('export-menu').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId(`export-${format}`).click(),
  ]);
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
}

const rowsOf = (page: Page, table: string) => page.locator(`[data-testid="report-table-${table}"] tbody tr`);

describe('reports', () => {
  const e2e = useE2E();

  it('lists the eight reports and opens each one with its charts and tables', async () => {
    const { page } = await e2e.open();
    await signIn(page, 'manager');
    await page.goto('/reports');
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    expect(await page.locator('[data-testid^="report-link-"]').count()).toBe(8);
    for (const [slug, title] of REPORTS) {
      await page.goto('/reports');
      await page.getByTestId(`report-link-${slug}`).click();
      await page.waitForURL((url) => url.pathname === `/reports/${slug}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByTestId('report-body').waitFor();
      // Thirty days by default, one row each, and the total.
      expect(await rowsOf(page, 'periods').count(), slug).toBe(31);
      expect(
        await page.locator('[data-testid="report-charts"] .recharts-surface').count(),
        slug,
      ).toBeGreaterThan(1);
    }
    // The compliance report's fraud alert tables (R64) came in place of a "pending" notice.
    await page.goto('/reports/compliance');
    await page.getByTestId('report-table-alerts_by_outcome').waitFor();
    expect(await page.locator('[data-testid^="pending-"]').count()).toBe(0);
    // The median review time's axis reads in hours, not in thousands of seconds ("260K").
    const ticks = page.locator('[data-testid="report-charts"] .recharts-cartesian-axis-tick-value');
    await expect
      .poll(async () => (await ticks.allTextContents()).filter((tick) => / h$/.test(tick)).length)
      .toBeGreaterThan(0);
  });

  it('changes range and grouping through the URL, compares, and exports exactly what is shown', async () => {
    const { page } = await e2e.open({ timezoneId: 'Europe/Istanbul' });
    await signIn(page, 'admin');
    await page.goto('/reports/transactions');
    await page.getByTestId('report-body').waitFor();

    await page.getByTestId('report-preset').click();
    await page.getByRole('option', { name: 'Last 7 days' }).click();
    await page.waitForURL((url) => url.searchParams.get('preset') === '7d');
    await expect.poll(() => rowsOf(page, 'periods').count()).toBe(8);

    await page.getByTestId('report-grouping').getByText('Month').click();
    await page.waitForURL((url) => url.searchParams.get('groupBy') === 'month');
    await expect.poll(() => rowsOf(page, 'periods').count()).toBeLessThanOrEqual(3);

    // The shared link opens the same report.
    const link = page.url();
    const { page: other } = await e2e.open({ timezoneId: 'Europe/Istanbul' });
    await signIn(other, 'manager');
    await other.goto(link);
    await other.getByTestId('report-body').waitFor();
    expect(await rowsOf(other, 'periods').allInnerTexts()).toEqual(
      await rowsOf(page, 'periods').allInnerTexts(),
    );

    const csv = await exported(page, 'csv');
    expect(csv.name).toMatch(/^transactions-report-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.zip$/);
    // One CSV file per table shown, each its header then its rows.
    const files = Object.entries(unzipSync(new Uint8Array(csv.bytes)));
    const shownTables = await page.locator('[data-testid^="report-table-"]').count();
    expect(files).toHaveLength(shownTables);
    const periodLines = strFromU8(files[0]![1])
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(periodLines.length - 1).toBe(await rowsOf(page, 'periods').count());
    expect(periodLines[0]).toContain('Deposits (previous)');
    // The export's exact figures are the ones on screen, without the grouping.
    const shownTotal = (await rowsOf(page, 'periods').last().locator('td').nth(1).innerText()).replaceAll(
      ',',
      '',
    );
    expect(periodLines.at(-1)!.split(',')[1]).toBe(shownTotal);

    const xlsx = await exported(page, 'xlsx');
    expect(xlsx.name.endsWith('.xlsx')).toBe(true);
    expect(xlsx.bytes.subarray(0, 2).toString('latin1')).toBe('PK');

    // Without the comparison the previous-period columns go, from the table and the file.
    await page.keyboard.press('Escape');
    await page.getByRole('switch', { name: 'Compare with the previous period' }).uncheck({ force: true });
    await page.waitForURL((url) => url.searchParams.get('compare') === 'off');
    const plain = Object.values(unzipSync(new Uint8Array((await exported(page, 'csv')).bytes)))
      .map((file) => strFromU8(file))
      .join('\n');
    expect(plain).not.toContain('(previous)');
  });

  it('works in Turkish and words a bad range in Turkish', async () => {
    const { context, page } = await e2e.open();
    await signIn(page, 'admin');
    await context.addCookies([{ name: 'i18n_redirected', value: 'tr', url: e2e.url('/') }]);
    await page.goto('/reports/csc?preset=last_month&groupBy=week');
    await page.getByRole('heading', { level: 1, name: 'Yatırma CSC Raporları' }).waitFor();
    await page.getByTestId('report-body').waitFor();
    await page.getByText('Kaynak kontrolüne göre').first().waitFor();
    const csv = Object.values(unzipSync(new Uint8Array((await exported(page, 'csv')).bytes)))
      .map((file) => strFromU8(file))
      .join('\n');
    expect(csv).toContain('Dönem');
    expect(csv).toContain('Geçti');

    await page.goto('/reports/financial?preset=custom&from=2026-03-10&to=2026-03-01');
    await page
      .getByTestId('report-error')
      .getByText('Aralığın başlangıcı (2026-03-10) bitişinden (2026-03-01) sonra')
      .waitFor();
    await page.goto('/reports/p2p?groupBy=fortnight');
    await page.getByTestId('report-error').getByText('Bilinmeyen gruplama').waitFor();
    await page.goto('/reports/p2p?tz=Mars/Olympus');
    await page.getByTestId('report-error').getByText('Bilinmeyen saat dilimi').waitFor();
  });

  it('puts the dashboard cards on their filtered lists, with 30-day charts', async () => {
    const { page } = await e2e.open();
    await signIn(page, 'admin');
    await page.getByTestId('dashboard-charts').locator('.recharts-surface').first().waitFor();
    await page.getByTestId('kpi-withdrawals-review').click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/transactions/wallet-transactions' &&
        url.searchParams.get('status') === 'under_review' &&
        url.searchParams.get('type') === 'withdrawal',
    );
  });
});
