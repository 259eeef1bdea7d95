import { describe, expect, it } from 'vitest';
import { axeProblems, settle, signIn, submitLogin, toasts, useE2E } from './support.ts';

const HEADER = 'name,lei,jurisdiction,country,licence,protocol,due_diligence,review_date';
// Valid LEIs (ISO 17442 check digits) invented for this file; the last has wrong check digits.
const LEI_A = '5493000IMPORTVSP0191';
const LEI_B = '5493000IMPORTVSP0288';
const LEI_EDIT = '5493000EDITEDVSP0171';
const LEI_BAD = '5493000IMPORTVSP0200';

const csv = (rows: string[]) => ({
  name: 'vasps.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from([HEADER, ...rows].join('\n')),
});

describe('travel-rule screens', () => {
  const e2e = useE2E();

  it('edits the VASP directory on screen and imports it from a file, all or nothing', async () => {
    const { page } = await e2e.open({ bypassCSP: true });
    await signIn(page, 'admin');
    await page.goto('/compliance/travel-rule/vasps');
    await page.getByTestId('vasps-list').locator('tbody tr[data-row-index]').first().waitFor();

    // A new VASP: the LEI's check digits are checked before anything is sent.
    await page.getByTestId('vasp-new').click();
    const form = page.getByTestId('vasp-form');
    await form.getByLabel('Name').fill('Ege Kripto A.Ş.');
    await form.getByLabel('LEI').fill(LEI_BAD);
    await page.getByTestId('vasp-submit').click();
    await form.getByText('Enter a valid 20-character LEI (ISO 17442)').waitFor();
    await settle(page);
    expect(await axeProblems(page)).toEqual([]);
    await form.getByLabel('LEI').fill(LEI_EDIT);
    await page.getByTestId('vasp-submit').click();
    await toasts(page).getByText('VASP added to the directory.').first().waitFor();

    // Edit it: the row opens its form; its due diligence changes.
    await page.getByTestId('filter-q').fill('Ege Kripto');
    const row = page.getByTestId('vasps-list').locator('tbody tr[data-row-index]', { hasText: 'Ege Kripto' });
    await row.waitFor();
    await row.click();
    await page.getByTestId('vasp-due-diligence-select').click();
    await page.getByRole('option', { name: 'Approved' }).click();
    await page.getByTestId('vasp-submit').click();
    await toasts(page).getByText('VASP updated.').first().waitFor();
    await row.getByTestId('vasp-due-diligence').getByText('Approved').waitFor();

    // Attribute an address range to it.
    const vaspId = await row.getAttribute('data-vasp-id');
    await page.getByTestId(`vasp-addresses-${vaspId}`).click();
    const drawer = page.getByTestId('vasp-addresses');
    await drawer.getByText('No address is attributed to this VASP yet.').waitFor();
    await drawer.getByLabel('Network').fill('TRC20');
    await drawer.getByLabel('Address or prefix').fill('TXegekripto');
    await drawer.getByLabel('A range: every address starting with this text').check();
    await page.getByTestId('vasp-address-submit').click();
    await drawer.getByTestId('vasp-address-table').getByText('Range (prefix)').waitFor();
    await settle(page);
    expect(await axeProblems(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // Import: a file with a bad row applies nothing and names the row's line.
    await page.getByTestId('vasp-import-open').click();
    const dialog = page.getByTestId('vasp-import');
    await dialog.getByText('All or nothing', { exact: false }).waitFor();
    const input = dialog.locator('input[type="file"]');
    await input.setInputFiles(
      csv([
        `Anka Dijital,${LEI_A},TR,TR,,trp,approved,2027-03-31`,
        `Bozkır Borsa,${LEI_BAD},TR,TR,,trp,pending,2027-02-30`,
      ]),
    );
    await dialog.getByText('vasps.csv: 2 rows').waitFor();
    await page.getByTestId('vasp-import-apply').click();
    const issues = page.getByTestId('vasp-import-issues');
    await issues.getByText('nothing was imported', { exact: false }).waitFor();
    expect(await issues.locator('tbody tr').count()).toBe(2);
    expect(await issues.locator('tbody tr').first().locator('td').first().textContent()).toBe('3');
    await settle(page);
    expect(await axeProblems(page)).toEqual([]);

    // Fixed, it imports; the same file again changes nothing (matched by LEI).
    const fixed = csv([
      `Anka Dijital,${LEI_A},TR,TR,,trp,approved,2027-03-31`,
      `Bozkır Borsa,${LEI_B},TR,TR,,trp,pending,2027-02-28`,
    ]);
    await input.setInputFiles(fixed);
    await page.getByTestId('vasp-import-apply').click();
    await toasts(page).getByText('Import done: 2 added, 0 updated, 0 unchanged.').first().waitFor();
    await page.getByTestId('vasp-import-open').click();
    await page.getByTestId('vasp-import').locator('input[type="file"]').setInputFiles(fixed);
    await page.getByTestId('vasp-import-apply').click();
    await toasts(page).getByText('Import done: 0 added, 0 updated, 2 unchanged.').first().waitFor();
  });

  it('changes the rules per jurisdiction in Turkish, dark, amounts in the Turkish format', async () => {
    const { context, page } = await e2e.open({ colorScheme: 'dark', bypassCSP: true });
    await context.addCookies([{ name: 'i18n_redirected', value: 'tr', url: e2e.url('/') }]);
    await context.addInitScript(() => localStorage.setItem('nuxt-color-mode', 'dark'));
    await page.goto('/login');
    await submitLogin(page, 'admin');
    await page.getByRole('heading', { level: 1, name: 'Gösterge Paneli' }).waitFor();
    await page.goto('/compliance/travel-rule/rules');
    await page.getByRole('heading', { level: 1, name: 'Yargı Bölgesi Kuralları' }).waitFor();
    const tr = page.getByTestId('rule-TR');
    expect(await tr.getByLabel('Eşik', { exact: true }).inputValue()).toBe('15.000');
    expect(await tr.getByLabel('Saklama süresi (yıl)').inputValue()).toBe('8');
    await settle(page);
    expect(await axeProblems(page)).toEqual([]);
    const us = page.getByTestId('rule-US');
    await us.getByLabel('Eşik', { exact: true }).fill('2.500,50');
    await page.getByTestId('rules-save').click();
    await toasts(page).getByText('Kurallar kaydedildi.').first().waitFor();
    await page.reload();
    await expect
      .poll(() => page.getByTestId('rule-US').getByLabel('Eşik', { exact: true }).inputValue())
      .toBe('2.500,5');
    // The history names the change in Turkish.
    await page.getByTestId('rules-history').click();
    await page.getByTestId('audit-history').getByTestId('audit-action').first().waitFor();
    await settle(page);
    expect(await axeProblems(page)).toEqual([]);
  });

  it('releases a withdrawal at or above the threshold only with a second member', async () => {
    const { context, page } = await e2e.open({ bypassCSP: true });
    // The small demo's withdrawals are below 15,000 TRY: the admin lowers MASAK's threshold first.
    await signIn(page, 'admin');
    await page.goto('/compliance/travel-rule/rules');
    await page.getByTestId('rule-TR').getByLabel('Threshold', { exact: true }).fill('100');
    await page.getByTestId('rules-save').click();
    await toasts(page).getByText('Rules saved.').first().waitFor();

    // The manager marks a withdrawal verified: it now waits for a second member.
    await context.clearCookies();
    await signIn(page, 'manager');
    await page.goto('/compliance/travel-rule?state=required_unverified&direction=withdrawal&jurisdiction=TR');
    const first = page.getByTestId('travel-rule-queue').locator('tbody tr[data-row-index]').first();
    await first.waitFor();
    const recordId = await first.getAttribute('data-record-id');
    await first.click();
    await page.waitForURL(`**/compliance/travel-rule/${recordId}`);
    await page.getByTestId('travel-rule-verify').click();
    await toasts(page).getByText('Release asked: a second member must approve it.').first().waitFor();
    await page.getByTestId('release-approval-mine').waitFor();
    await page.getByTestId('travel-rule-facts').getByTestId('travel-rule-awaiting-approval').waitFor();
    expect(await page.getByTestId('travel-rule-verify').count()).toBe(0);
    await settle(page);
    expect(await axeProblems(page)).toEqual([]);
    await page.goto('/compliance/travel-rule?state=required_unverified&direction=withdrawal&jurisdiction=TR');
    await page
      .locator(`tr[data-record-id="${recordId}"]`)
      .getByTestId('travel-rule-awaiting-approval')
      .waitFor();

    // An admin approves it; the record is complete.
    await context.clearCookies();
    await signIn(page, 'admin');
    await page.goto(`/compliance/travel-rule/${recordId}`);
    await page.getByTestId('release-approval-approve').click();
    await settle(page);
    expect(await axeProblems(page)).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Approve release' }).click();
    await toasts(page).getByText('Release approved; the record is complete.').first().waitFor();
    await page
      .getByTestId('travel-rule-facts')
      .getByTestId('travel-rule-state')
      .getByText('Complete')
      .waitFor();
    expect(await page.getByTestId('release-approval').count()).toBe(0);
  });
});
