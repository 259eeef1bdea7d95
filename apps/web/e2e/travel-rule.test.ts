import { describe, expect, it } from 'vitest';
import { axeProblems, signIn, submitLogin, toasts, useE2E } from './support.ts';

describe('travel rule', () => {
  const e2e = useE2E();

  it('works the queue: a masked record is revealed, verified and leaves the queue; the pages are axe-clean', async () => {
    const { page } = await e2e.open({ bypassCSP: true });
    await signIn(page, 'manager');
    await page.goto('/compliance/travel-rule?state=required_unverified');
    await page.getByRole('heading', { level: 1, name: 'Travel Rule' }).waitFor();
    const queue = page.getByTestId('travel-rule-queue');
    const first = queue.locator('tbody tr[data-row-index]').first();
    await first.waitFor();
    await page.waitForLoadState('networkidle');
    expect(await axeProblems(page)).toEqual([]);
    const recordId = await first.getAttribute('data-record-id');
    await first.click();
    await page.waitForURL(`**/compliance/travel-rule/${recordId}`);
    await page.getByTestId('travel-rule-facts').waitFor();

    // Identity numbers are masked until revealed, and the reveal is in the record's history.
    const identifier = page.getByTestId('party-originator').getByTestId('national-identifier').first();
    const beneficiaryId = page.getByTestId('party-beneficiary').getByTestId('national-identifier').first();
    const masked = page.locator('[data-testid="national-identifier"]', { hasText: '••••' }).first();
    await masked.waitFor();
    await page.waitForLoadState('networkidle');
    expect(await axeProblems(page)).toEqual([]);
    await page.getByTestId('travel-rule-reveal').click();
    await toasts(page)
      .getByText('Identity numbers shown; this was recorded in the history.')
      .first()
      .waitFor();
    await expect
      .poll(
        async () => await page.locator('[data-testid="national-identifier"]', { hasText: '••••' }).count(),
      )
      .toBe(0);
    expect((await identifier.count()) + (await beneficiaryId.count())).toBeGreaterThan(0);
    await page
      .getByTestId('audit-history')
      .getByTestId('audit-action')
      .getByText('Revealed', { exact: true })
      .first()
      .waitFor();

    await page.getByTestId('travel-rule-verify').click();
    await toasts(page).getByText('Record marked verified and complete.').first().waitFor();
    await page
      .getByTestId('travel-rule-facts')
      .getByTestId('travel-rule-state')
      .getByText('Complete')
      .waitFor();
    await page.goto('/compliance/travel-rule?state=required_unverified');
    await queue.locator('tbody tr[data-row-index]').first().waitFor();
    expect(await queue.locator(`tr[data-record-id="${recordId}"]`).count()).toBe(0);
  });

  it('shows the VASP directory and the queue in Turkish, dark, axe-clean', async () => {
    const { context, page } = await e2e.open({ colorScheme: 'dark', bypassCSP: true });
    await context.addCookies([{ name: 'i18n_redirected', value: 'tr', url: e2e.url('/') }]);
    await context.addInitScript(() => localStorage.setItem('nuxt-color-mode', 'dark'));
    await page.goto('/login');
    await submitLogin(page, 'admin');
    await page.getByRole('heading', { level: 1, name: 'Gösterge Paneli' }).waitFor();
    await page.goto('/compliance/travel-rule/vasps');
    await page.getByRole('heading', { level: 1, name: 'VASP Dizini' }).waitFor();
    await page.getByTestId('vasps-list').locator('tbody tr[data-row-index]').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await axeProblems(page)).toEqual([]);
    await page.getByTestId('travel-rule-tab-queue').click();
    await page.getByRole('heading', { level: 1, name: 'Seyahat Kuralı' }).waitFor();
    await page.getByTestId('travel-rule-queue').locator('tbody tr[data-row-index]').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await axeProblems(page)).toEqual([]);
  });
});
