import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { axeProblems, signIn, submitLogin, toasts, useE2E } from './support.ts';

describe('access logs', () => {
  const e2e = useE2E();

  it('shows a failed sign-in in the access log, filtered in the URL, and passes axe', async () => {
    // bypassCSP: the app's script-src 'self' would refuse the injected axe script.
    const { page } = await e2e.open({ bypassCSP: true });
    await submitLogin(page, 'intruder.e2e', 'not-the-password');
    await toasts(page).getByText('Login failed', { exact: true }).waitFor();
    await signIn(page, 'manager');

    await page.goto('/logs/access?member=intruder.e2e');
    await page.getByRole('heading', { level: 1, name: 'Access Logs' }).waitFor();
    const row = page.getByTestId('access-log-list').locator('tr[data-event="login_failed"]');
    await row.first().waitFor();
    await expect(row.first().textContent()).resolves.toContain('Sign-in failed');
    await expect(row.first().textContent()).resolves.toContain('intruder.e2e');

    // The outcome filter writes the URL and the server narrows the rows.
    await page.getByTestId('filter-outcome').click();
    await page.getByRole('option', { name: 'Success' }).click();
    await page.waitForURL((url) => url.searchParams.get('outcome') === 'success');
    await page.getByText('No access-log rows match these filters.').waitFor();

    await page.waitForLoadState('networkidle');
    expect(await axeProblems(page)).toEqual([]);
    await page.goto('/logs/access?tab=audit');
    await page.getByTestId('audit-trail-list').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await axeProblems(page)).toEqual([]);
  });

  it('verifies the chain intact, then finds the row the database owner edited', async () => {
    const { page } = await e2e.open();
    await signIn(page, 'admin');
    await page.goto('/logs/access');
    await page.getByTestId('verify-chain').click();
    const result = page.getByTestId('verify-result');
    await result.and(page.locator('[data-intact="true"]')).waitFor();
    await expect(result.textContent()).resolves.toMatch(/^Intact through row \d+/);

    // The owner edits a sign-in row, stepping around the append-only trigger.
    const owner = new pg.Client({ connectionString: e2e.server.databaseUrl });
    await owner.connect();
    let tampered: number;
    try {
      const { rows } = await owner.query<{ id: string }>(
        "SELECT id::text FROM access_log WHERE event = 'login' ORDER BY id LIMIT 1",
      );
      tampered = Number(rows[0]!.id);
      await owner.query('BEGIN');
      await owner.query('ALTER TABLE access_log DISABLE TRIGGER access_log_append_only');
      await owner.query("UPDATE access_log SET ip = '10.9.8.7' WHERE id = $1", [tampered]);
      await owner.query('ALTER TABLE access_log ENABLE TRIGGER access_log_append_only');
      await owner.query('COMMIT');
    } finally {
      await owner.end();
    }

    await page.getByTestId('verify-chain').click();
    await result.and(page.locator('[data-intact="false"]')).waitFor();
    await expect(result.textContent()).resolves.toBe(
      `Broken at row ${tampered}: its content or hash was changed after it was written.`,
    );
  });
});
