import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeProblems, signIn, submitLogin, useE2E } from './support.ts';

/** The file downloaded by an export menu's entry (`<menu>-menu`, then `<menu>-<format>`). */
async function downloaded(page: Page, menu: string, format: 'csv' | 'xlsx') {
  await page.getByTestId(`${menu}-menu`).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId(`${menu}-${format}`).click(),
  ]);
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
}

const rowsOf = (page: Page, table: string) => page.locator(`[data-testid="report-table-${table}"] tbody tr`);

describe('travel-rule report', () => {
  const e2e = useE2E();

  it('shows the demo records by state and counterparty, exports its tables and, for an admin, the records; axe-clean', async () => {
    const { page } = await e2e.open({ bypassCSP: true });
    await signIn(page, 'admin');
    await page.goto('/reports/travel-rule');
    await page.getByRole('heading', { level: 1, name: 'Travel Rule Reports' }).waitFor();
    await page.getByTestId('report-body').waitFor();
    // The demo's records fall in the default 30 days: states and counterparties have rows.
    expect(await rowsOf(page, 'periods').count()).toBe(31);
    await expect.poll(() => rowsOf(page, 'by_state').count()).toBeGreaterThan(3);
    expect(await rowsOf(page, 'by_vasp').count()).toBeGreaterThan(1);
    await page.getByTestId('report-table-by_vasp').getByText('Self-hosted wallet').first().waitFor();
    await page.getByTestId('report-table-completeness').getByText('Awaiting counterparty').waitFor();
    expect(await page.locator('[data-testid="report-charts"] .recharts-surface').count()).toBeGreaterThan(1);
    await page.waitForLoadState('networkidle');
    expect(await axeProblems(page)).toEqual([]);

    // The report's own tables, through the same export as every report.
    const tables = await downloaded(page, 'export', 'csv');
    expect(tables.name).toMatch(/^travel-rule-report-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = Object.keys(unzipSync(new Uint8Array(tables.bytes)));
    expect(files.some((f) => f.includes('By-counterparty-VASP'))).toBe(true);
    await page.keyboard.press('Escape');

    // The records themselves with their parties in clear: personal data, admins and supers.
    const records = await downloaded(page, 'records-export', 'csv');
    expect(records.name).toMatch(/^travel-rule-records-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = strFromU8(new Uint8Array(records.bytes))
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toContain('Originator national identifier');
    const shown = await rowsOf(page, 'by_state').allInnerTexts();
    const total = shown.reduce((n, row) => n + Number(row.split('\t')[1]!.replaceAll(',', '')), 0);
    expect(lines.length - 1).toBe(total);

    // One direction: the records' export follows the filter the report shows.
    await page.getByTestId('report-filter-direction').click();
    await page.getByRole('option', { name: 'Withdrawal' }).click();
    await page.waitForURL((url) => url.searchParams.get('direction') === 'withdrawal');
    await expect
      .poll(async () => (await rowsOf(page, 'by_direction').allInnerTexts()).map((r) => r.split('\t')[0]))
      .toEqual(['Withdrawal']);
    const withdrawals = await downloaded(page, 'records-export', 'xlsx');
    expect(withdrawals.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('reads in Turkish in the dark, with Turkish shares, and offers a manager no records export; axe-clean', async () => {
    const { context, page } = await e2e.open({ colorScheme: 'dark', bypassCSP: true });
    await context.addCookies([{ name: 'i18n_redirected', value: 'tr', url: e2e.url('/') }]);
    await context.addInitScript(() => localStorage.setItem('nuxt-color-mode', 'dark'));
    await page.goto('/login');
    await submitLogin(page, 'manager');
    await page.getByRole('heading', { level: 1, name: 'Gösterge Paneli' }).waitFor();
    await page.goto('/reports/travel-rule?groupBy=week');
    await page.getByRole('heading', { level: 1, name: 'Seyahat Kuralı Raporları' }).waitFor();
    await page.getByTestId('report-body').waitFor();
    await page.getByText("Karşı taraf VASP'ye göre").first().waitFor();
    await page.getByTestId('report-table-by_state').getByText('Karşı taraf bekleniyor').waitFor();
    // A share in Turkish puts its sign first (%42,5), never the English form.
    const completeness = await page.getByTestId('report-table-completeness').innerText();
    expect(completeness).toMatch(/%\d/);
    expect(completeness).not.toMatch(/\d%/);
    const body = await page.getByTestId('report-body').innerText();
    for (const english of [
      'Awaiting counterparty',
      'Information missing',
      'By counterparty',
      'Deadline passed',
    ])
      expect(body).not.toContain(english);
    expect(await page.getByTestId('records-export-menu').count()).toBe(0);
    await page.getByTestId('export-menu').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await axeProblems(page)).toEqual([]);
  });
});
