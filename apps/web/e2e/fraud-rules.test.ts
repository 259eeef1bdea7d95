import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signIn, toasts, useE2E } from './support.ts';

/**
 * Fraud rules, runs and the blocklist as a compliance lead uses them: backtest a tighter threshold,
 * save it as a new version with a reason and watch its rescan; list, add, import and remove blocklist
 * entries; and what a manager (who reads rules but does not configure them) sees, in Turkish.
 */

const RUN_TIMEOUT = 30_000;

function csvFile(name: string, lines: string[]): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'blocklist-e2e-')), name);
  writeFileSync(file, lines.join('\r\n'));
  return file;
}

describe('fraud rules, runs and blocklist', () => {
  const e2e = useE2E();

  it('backtests a proposed threshold, saves it as a version with a reason and rescans', async () => {
    const { page } = await e2e.open({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'admin');
    await page.goto('/compliance/fraud-check/rules');
    const row = page.locator('[data-rule="withdrawal_velocity"]');
    await expect
      .poll(() => row.getByTestId('rule-thresholds').textContent())
      .toBe('5 or more events · within 60 min');

    await row.getByTestId('rule-edit').click();
    const form = page.getByTestId('rule-form');
    // Out of range: refused in the form, in words, before anything is sent.
    await form.getByTestId('param-count').fill('1');
    await form.getByTestId('rule-backtest').click();
    await form.getByText('Enter 2 or more.').waitFor();
    await form.getByTestId('param-count').fill('2');
    // The period is chosen (7 to 90 days; 30 by default).
    await form.getByTestId('backtest-days').click();
    await page.getByRole('option', { name: 'Last 14 days' }).click();
    await form.getByTestId('rule-backtest').click();
    const panel = form.getByTestId('run-panel');
    await panel.and(page.locator('[data-status="done"]')).waitFor({ timeout: RUN_TIMEOUT });
    await expect
      .poll(() => panel.getByTestId('run-log').textContent())
      .toContain('Withdrawal velocity, proposed setting');
    const result = form.getByTestId('backtest-result');
    await result.waitFor();
    expect(await result.getByTestId('backtest-current').textContent()).toContain('Current setting');
    expect(await result.getByTestId('backtest-proposed').textContent()).toMatch(
      /\d+ alerts?for \d+ customers?/,
    );

    // Changing the setting after the backtest says the figures are stale.
    await form.getByTestId('param-count').fill('3');
    await form.getByTestId('backtest-stale').waitFor();
    await form.getByTestId('param-count').fill('2');
    await form.getByTestId('backtest-stale').waitFor({ state: 'detached' });
    // So does another period.
    await form.getByTestId('backtest-days').click();
    await page.getByRole('option', { name: 'Last 30 days' }).click();
    await form.getByTestId('backtest-stale').waitFor();
    await form.getByTestId('backtest-days').click();
    await page.getByRole('option', { name: 'Last 14 days' }).click();
    await form.getByTestId('backtest-stale').waitFor({ state: 'detached' });

    // Saving needs a reason.
    await form.getByTestId('rule-save').click();
    await form.getByText('Use at least 3 characters.').waitFor();
    await form.getByTestId('rule-reason').fill('Mule rings split withdrawals in pairs');
    await form.getByTestId('rule-save').click();
    await toasts(page).getByText('Withdrawal velocity: version 2 saved').waitFor();
    const saved = page.getByTestId('rule-saved');
    await saved
      .getByTestId('run-panel')
      .and(page.locator('[data-status="done"]'))
      .waitFor({ timeout: RUN_TIMEOUT });
    await saved.getByRole('button', { name: 'Close' }).click();

    await expect.poll(() => row.getAttribute('data-version')).toBe('2');
    expect(await row.getByTestId('rule-thresholds').textContent()).toBe('2 or more events · within 60 min');
    await row.getByTestId('rule-versions-open').click();
    const versions = page.getByTestId('rule-versions');
    await versions.getByText('Mule rings split withdrawals in pairs').waitFor();
    expect(await versions.locator('tbody tr').count()).toBe(2);
    await page.keyboard.press('Escape');

    // Both runs are on the runs page; one opens with its log.
    await page.getByTestId('fraud-tab-runs').click();
    const runs = page.getByTestId('fraud-runs-list');
    await runs.locator('tbody tr[data-status="done"]').nth(1).waitFor();
    const kinds = await runs.locator('tbody tr').allTextContents();
    expect(kinds.some((k) => k.includes('Backtest'))).toBe(true);
    expect(kinds.some((k) => k.includes('Full rescan'))).toBe(true);
    await runs.locator('tbody tr').first().click();
    await page.getByRole('dialog').getByTestId('run-log').getByText('Finished').waitFor();
  });

  it('adds, imports and removes blocklist entries, refusing a duplicate and a bad file', async () => {
    const { page } = await e2e.open({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'admin');
    await page.goto('/compliance/fraud-check/blocklist');
    const list = page.getByTestId('fraud-blocklist-list');

    await page.getByTestId('blocklist-add').click();
    const add = page.getByTestId('blocklist-add-form');
    await add.getByTestId('blocklist-value').fill('0xAAAA00000000000000000000000000000000E2E1');
    await add.getByTestId('blocklist-reason').fill('Reported by the partner bank');
    await add.getByTestId('blocklist-add-submit').click();
    const started = page.getByTestId('blocklist-started');
    await started.getByText('The last 90 days are being rescanned').waitFor();
    await started
      .getByTestId('run-panel')
      .and(page.locator('[data-status="done"]'))
      .waitFor({ timeout: RUN_TIMEOUT });
    await started.getByRole('button', { name: 'Close' }).click();
    // Stored as the engine matches it: an EVM address in lower case.
    const entry = list.locator('tbody tr', { hasText: '0xaaaa00000000000000000000000000000000e2e1' });
    await entry.waitFor();

    // The same value again is refused under its field.
    await page.getByTestId('blocklist-add').click();
    await page.getByTestId('blocklist-value').fill('0xaaaa00000000000000000000000000000000e2e1');
    await page.getByTestId('blocklist-reason').fill('Twice');
    await page.getByTestId('blocklist-add-submit').click();
    await page
      .getByTestId('blocklist-add-form')
      .getByText('This value is already on the blocklist.')
      .waitFor();
    await page.getByTestId('blocklist-add-form').getByRole('button', { name: 'Cancel' }).click();

    // A file with one bad line imports nothing and names the line and the column.
    const header = 'kind,value,network,reason,source';
    await page.getByTestId('blocklist-import').click();
    await page
      .getByTestId('blocklist-import-form')
      .locator('input[type="file"]')
      .setInputFiles(
        csvFile('bad.csv', [header, 'ip,198.51.100.77,,Botnet exit,feed', 'ip,300.1.2.3,,Broken,feed']),
      );
    await page.getByTestId('blocklist-import-submit').click();
    await page
      .getByTestId('blocklist-import-failure')
      .getByText('Line 3, column value: the value is not valid. Nothing was imported.')
      .waitFor();
    await page
      .getByTestId('blocklist-import-form')
      .locator('input[type="file"]')
      .setInputFiles(
        csvFile('good.csv', [
          header,
          'ip,198.51.100.77,,Botnet exit,feed',
          'email,Mule@Example.com,,"Ring, confirmed",case-12',
        ]),
      );
    await page.getByTestId('blocklist-import-submit').click();
    await page.getByTestId('blocklist-started').getByText('2 entries imported, 0 already listed').waitFor();
    await page.getByTestId('blocklist-started').getByRole('button', { name: 'Close' }).click();
    await list.locator('tbody tr', { hasText: 'mule@example.com' }).waitFor();

    // Removing asks first, naming the value; the entry stays, marked removed.
    await entry.getByTestId('blocklist-remove').click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog
      .getByText('Remove Address 0xaaaa00000000000000000000000000000000e2e1 from the blocklist?')
      .waitFor();
    await dialog.getByTestId('confirm-action').click();
    await toasts(page).getByText('removed from the blocklist').first().waitFor();
    await page.getByTestId('filter-state').click();
    await page.getByRole('option', { name: 'Removed', exact: true }).click();
    await list.locator('tbody tr[data-state="removed"]', { hasText: '0xaaaa0000' }).waitFor();
  });

  it('shows a manager the rules to read, not to edit, in Turkish', async () => {
    const { page, context } = await e2e.open({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: 'i18n_redirected', value: 'tr', url: e2e.server.url }]);
    await page.goto('/login');
    await page.locator('input[name="user_name"]').fill('manager');
    await page.locator('input[name="password"]').fill('backdesk-demo');
    await page.locator('[data-testid="captcha"][data-status="verified"]').waitFor();
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/compliance/fraud-check/rules');
    const table = page.getByTestId('fraud-rules');
    await table.getByRole('columnheader', { name: 'Son 30 gün' }).waitFor();
    await table.locator('[data-rule="p2p_amount"]').getByText('250.000,00 TRY ve üzeri').waitFor();
    expect(await table.getByTestId('rule-edit').count()).toBe(0);
    await table.locator('[data-rule="p2p_amount"]').getByTestId('rule-versions-open').click();
    // The deployment's own first setting is worded in the member's language, not stored English.
    await page.getByTestId('rule-versions').getByText('İlk ayar').waitFor();
    expect(await page.getByText('Initial setting').count()).toBe(0);
  });
});
