import { complianceApi } from '@backdesk/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openRun, RUNS, type Run, signInRun } from './runs.ts';
import { axeProblems, settle, submitLogin, toasts, useE2E } from './support.ts';
import { untranslated } from './untranslated.ts';

const { leiWithCheckDigits } = complianceApi;
const HEADER = 'name,lei,jurisdiction,country,licence,protocol,due_diligence,review_date';

/** Valid LEIs (ISO 17442 check digits) invented for one run of this file, and one with wrong check digits. */
function leis(run: Run) {
  const tag = run.lang.toUpperCase();
  const valid = (letter: string) => leiWithCheckDigits(`5493000${tag}IMPORTVS${letter}`);
  const edit = valid('E');
  const wrongDigits = String((Number(edit.slice(-2)) + 1) % 100).padStart(2, '0');
  return { a: valid('A'), b: valid('B'), edit, bad: `${edit.slice(0, 18)}${wrongDigits}` };
}

const csv = (rows: string[]) => ({
  name: 'vasps.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from([HEADER, ...rows].join('\n')),
});

/** Axe-clean and, on a Turkish screen, nothing English or a raw key. */
async function checkScreen(page: Page, run: Run): Promise<void> {
  await settle(page);
  expect(await axeProblems(page)).toEqual([]);
  if (run.lang === 'tr') expect(await untranslated(page)).toEqual([]);
}

describe('travel-rule screens', () => {
  const e2e = useE2E();

  for (const run of RUNS)
    it(`edits the VASP directory on screen and imports it from a file, all or nothing (${run.lang}, ${run.scheme})`, async () => {
      const { t } = run;
      const lei = leis(run);
      const name = `Ege Kripto ${run.lang.toUpperCase()} A.Ş.`;
      const { page } = await openRun(e2e, run);
      await signInRun(page, run, 'admin');
      await page.goto('/compliance/travel-rule/vasps');
      await page.getByTestId('vasps-list').locator('tbody tr[data-row-index]').first().waitFor();

      // A new VASP: the LEI's check digits are checked before anything is sent.
      await page.getByTestId('vasp-new').click();
      const form = page.getByTestId('vasp-form');
      await form.getByLabel(t('travelRule:columns.name')).fill(name);
      await form.getByLabel(t('travelRule:columns.lei')).fill(lei.bad);
      await page.getByTestId('vasp-submit').click();
      await form.getByText(t('errors:issues.ivms_lei')).waitFor();
      await checkScreen(page, run);
      await form.getByLabel(t('travelRule:columns.lei')).fill(lei.edit);
      await page.getByTestId('vasp-submit').click();
      await toasts(page).getByText(t('travelRule:vasp.created')).first().waitFor();

      // Edit it: the row opens its form; its due diligence changes.
      await page.getByTestId('filter-q').fill(name);
      const row = page.getByTestId('vasps-list').locator('tbody tr[data-row-index]', { hasText: name });
      await row.waitFor();
      await row.click();
      await page.getByTestId('vasp-due-diligence-select').click();
      await page.getByRole('option', { name: t('travelRule:dueDiligence.approved') }).click();
      await page.getByTestId('vasp-submit').click();
      await toasts(page).getByText(t('travelRule:vasp.updated')).first().waitFor();
      await row.getByTestId('vasp-due-diligence').getByText(t('travelRule:dueDiligence.approved')).waitFor();

      // Attribute an address range to it.
      const vaspId = await row.getAttribute('data-vasp-id');
      await page.getByTestId(`vasp-addresses-${vaspId}`).click();
      const drawer = page.getByTestId('vasp-addresses');
      await drawer.getByText(t('travelRule:addresses.empty')).waitFor();
      await drawer.getByLabel(t('travelRule:addresses.network')).fill('TRC20');
      await drawer.getByLabel(t('travelRule:addresses.address')).fill(`TXegekripto${run.lang}`);
      await drawer.getByLabel(t('travelRule:addresses.isPrefix')).check();
      await page.getByTestId('vasp-address-submit').click();
      await drawer.getByTestId('vasp-address-table').getByText(t('travelRule:addresses.range')).waitFor();
      await checkScreen(page, run);
      await page.keyboard.press('Escape');

      // Import: a file with a bad row applies nothing and names the row's line.
      await page.getByTestId('vasp-import-open').click();
      const dialog = page.getByTestId('vasp-import');
      await dialog.getByText(t('travelRule:import.allOrNothing')).waitFor();
      const input = dialog.locator('input[type="file"]');
      const anka = `Anka Dijital ${run.lang}`;
      const bozkir = `Bozkır Borsa ${run.lang}`;
      await input.setInputFiles(
        csv([
          `${anka},${lei.a},TR,TR,,trp,approved,2027-03-31`,
          `${bozkir},${lei.bad},TR,TR,,trp,pending,2027-02-30`,
        ]),
      );
      await dialog.getByText(t('travelRule:import.rows_other', { name: 'vasps.csv', count: 2 })).waitFor();
      await page.getByTestId('vasp-import-apply').click();
      const issues = page.getByTestId('vasp-import-issues');
      await issues.getByText(t('travelRule:import.refused_other', { count: 2 })).waitFor();
      expect(await issues.locator('tbody tr').count()).toBe(2);
      expect(await issues.locator('tbody tr').first().locator('td').first().textContent()).toBe('3');
      await checkScreen(page, run);

      // Fixed, it imports; the same file again changes nothing (matched by LEI).
      const fixed = csv([
        `${anka},${lei.a},TR,TR,,trp,approved,2027-03-31`,
        `${bozkir},${lei.b},TR,TR,,trp,pending,2027-02-28`,
      ]);
      const done = (created: number, unchanged: number) =>
        t('travelRule:import.done', { created, updated: 0, unchanged });
      await input.setInputFiles(fixed);
      await page.getByTestId('vasp-import-apply').click();
      await toasts(page).getByText(done(2, 0)).first().waitFor();
      await page.getByTestId('vasp-import-open').click();
      await page.getByTestId('vasp-import').locator('input[type="file"]').setInputFiles(fixed);
      await page.getByTestId('vasp-import-apply').click();
      await toasts(page).getByText(done(0, 2)).first().waitFor();
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

  for (const run of RUNS)
    it(`releases a withdrawal at or above the threshold only with a second member (${run.lang}, ${run.scheme})`, async () => {
      const { t } = run;
      const { context, page } = await openRun(e2e, run);
      // The small demo's withdrawals are below 15,000 TRY: the admin lowers MASAK's threshold first.
      await signInRun(page, run, 'admin');
      await page.goto('/compliance/travel-rule/rules');
      await page
        .getByTestId('rule-TR')
        .getByLabel(t('travelRule:rules.threshold'), { exact: true })
        .fill('100');
      await page.getByTestId('rules-save').click();
      await toasts(page).getByText(t('travelRule:rules.saved')).first().waitFor();

      // The manager marks a withdrawal verified: it now waits for a second member.
      const queue = '/compliance/travel-rule?state=required_unverified&direction=withdrawal&jurisdiction=TR';
      await context.clearCookies();
      await signInRun(page, run, 'manager');
      await page.goto(queue);
      // Not one the demo already asked to release (its verify is done; it waits for the second member).
      const first = page
        .getByTestId('travel-rule-queue')
        .locator('tbody tr[data-row-index]:not(:has([data-testid="travel-rule-awaiting-approval"]))')
        .first();
      await first.waitFor();
      const recordId = await first.getAttribute('data-record-id');
      await first.click();
      await page.waitForURL(`**/compliance/travel-rule/${recordId}`);
      await page.getByTestId('travel-rule-verify').click();
      await toasts(page).getByText(t('travelRule:release.asked')).first().waitFor();
      await page.getByTestId('release-approval-mine').waitFor();
      await page.getByTestId('travel-rule-facts').getByTestId('travel-rule-awaiting-approval').waitFor();
      expect(await page.getByTestId('travel-rule-verify').count()).toBe(0);
      await checkScreen(page, run);
      await page.goto(queue);
      await page
        .locator(`tr[data-record-id="${recordId}"]`)
        .getByTestId('travel-rule-awaiting-approval')
        .waitFor();

      // An admin approves it; the record is complete.
      await context.clearCookies();
      await signInRun(page, run, 'admin');
      await page.goto(`/compliance/travel-rule/${recordId}`);
      await page.getByTestId('release-approval-approve').click();
      await checkScreen(page, run);
      await page
        .getByRole('dialog')
        .getByRole('button', { name: t('travelRule:release.approve') })
        .click();
      await toasts(page).getByText(t('travelRule:release.approved')).first().waitFor();
      await page
        .getByTestId('travel-rule-facts')
        .getByTestId('travel-rule-state')
        .getByText(t('travelRule:state.complete'))
        .waitFor();
      expect(await page.getByTestId('release-approval').count()).toBe(0);
    });
});
