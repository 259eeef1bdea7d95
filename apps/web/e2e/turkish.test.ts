import { describe, expect, it } from 'vitest';
import { settle, submitLogin, useE2E } from './support.ts';
import { englishLabels, englishPhrases, RAW_KEY, untranslated } from './untranslated.ts';

describe('Turkish everywhere', () => {
  const e2e = useE2E();

  it('finds the checks able to fail', () => {
    expect(englishPhrases.length).toBeGreaterThan(20);
    expect(englishLabels.size).toBeGreaterThan(20);
    expect(RAW_KEY[0]!.test('nav.items.customers')).toBe(true);
    expect(RAW_KEY[1]!.test('crm:detail.title')).toBe(true);
  });

  // Every route is read in Turkish by the accessibility walk (accessibility.test.ts), which loads
  // each one in Turkish anyway; this reads what only a click reaches.
  it("shows no raw key and no English text on the sign-in page, a customer's tabs, the CRM overview, the KYC review and the command palette, in Turkish", {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await e2e.open();
    await context.addCookies([{ name: 'i18n_redirected', value: 'tr', url: e2e.server.url }]);
    await page.goto('/login');
    await page.getByRole('heading', { name: "Backdesk'e giriş yapın" }).waitFor();
    const problems: Record<string, string[]> = {};
    const check = async (where: string) => {
      await settle(page);
      const found = await untranslated(page);
      if (found.length) problems[where] = found;
    };
    await check('/login');

    await submitLogin(page, 'admin');
    await page.getByRole('heading', { level: 1, name: 'Gösterge Paneli' }).waitFor();

    // A customer's page, every tab of it.
    await page.goto('/crm/customers');
    await page.locator('tbody tr[data-row-index]').first().click();
    await page.waitForURL((url) => /^\/crm\/customers\/\d+/.test(url.pathname));
    await check('customer detail');
    const tabs = page.getByRole('tab');
    for (let index = 0; index < (await tabs.count()); index++) {
      await tabs.nth(index).click();
      await check(`customer detail, tab ${index + 1}`);
    }

    // The CRM overview words the status values it counts as the lists' badges do (not as stored).
    await page.goto('/crm');
    const counted = page.locator('.crm-count-link');
    await counted.first().waitFor();
    const values = (await counted.allInnerTexts()).map((text) => text.split('\n')[0]!.trim());
    expect(values).toContain('Aktif');
    expect(
      values.filter((v) => /^(active|inactive|suspended|approved|pending|rejected|kyc)$/.test(v)),
    ).toEqual([]);

    // The KYC review open on a pending document, and its rejection form.
    await page.goto('/compliance/kyc-docs?status=pending');
    await page.getByTestId('kyc-documents-list').locator('tbody tr[data-row-index]').first().click();
    await page.getByTestId('review-drawer').getByTestId('decision-form').waitFor();
    await check('KYC review');
    await page.getByTestId('reject-document').click();
    await check('KYC review, rejecting');
    await page.getByRole('button', { name: 'İncelemeyi kapat' }).click();
    await page.getByTestId('review-drawer').waitFor({ state: 'hidden' });

    // The command palette, with results of every kind it shows.
    await page.keyboard.press('Control+K');
    await page.getByTestId('command-palette-input').fill('müşteri');
    await page.locator('[role="listbox"] [role="option"]').first().waitFor();
    await check('command palette');

    expect(problems).toEqual({});
  });
});
