import { describe, expect, it } from 'vitest';
import { signIn, submitLogin, toasts, useE2E } from './support.ts';

describe('sign-in', () => {
  const e2e = useE2E();

  it('signs a panel member in and lands on the dashboard with real KPI figures', async () => {
    const { page } = await e2e.open();
    await signIn(page, 'admin');
    await toasts(page).getByText('Login successful').waitFor();
    await expect.poll(() => page.title()).toBe('Dashboard — Backdesk');

    const customers = page.getByTestId('kpi-customers').getByTestId('kpi-value');
    await customers.waitFor();
    expect(Number(((await customers.textContent()) ?? '').replace(/\D/g, ''))).toBeGreaterThan(0);
    for (const kpi of [
      'new-customers',
      'pending-trades',
      'active-offers',
      'transaction-limits',
      'withdrawals-review',
    ]) {
      await expect(page.getByTestId(`kpi-${kpi}`).getByTestId('kpi-value').textContent()).resolves.toMatch(
        /^\d[\d,]*$/,
      );
    }
    // The growth of sign-ups sits on the new-customers card, whose figure it compares (R28).
    await expect(page.getByTestId('kpi-new-customers').getByTestId('growth').textContent()).resolves.toMatch(
      /^([+-]?\d+(\.\d)?%|0%|—)$/,
    );
    expect(await page.getByTestId('kpi-customers').getByTestId('growth').count()).toBe(0);
  });

  it('refuses a wrong password with "Login failed" and a fresh captcha', async () => {
    const { page } = await e2e.open();
    await submitLogin(page, 'manager', 'not-the-password');
    await toasts(page).getByText('Login failed', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    // The used captcha is replaced and solved again, so the next attempt can go straight out.
    await page.locator('[data-testid="captcha"][data-status="verified"]').waitFor();
  });

  it('refuses a member without a panel role', async () => {
    const { page } = await e2e.open();
    await submitLogin(page, 'support');
    await toasts(page).getByText('Access denied: Administrative privileges required').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('signs out from the user menu', async () => {
    const { page } = await e2e.open();
    await signIn(page, 'super');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/login');
  });
});
