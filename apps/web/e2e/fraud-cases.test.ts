import { describe, expect, it } from 'vitest';
import { signIn, toasts, useE2E } from './support.ts';
import { fraudCaseFixture } from './work-fixtures.ts';

/**
 * A fraud case as an officer works it: find it in the list, read its timeline, write the narrative
 * and set a follow-up, comment, draft the suspicious-activity report (Turkish) and download it, and
 * close the case with a decision.
 */

describe('fraud cases', () => {
  const e2e = useE2E();

  it('investigates a case from the list to a Turkish report draft and a closing decision', async () => {
    const { caseId, userName } = await fraudCaseFixture(e2e.server.databaseUrl);
    const { page } = await e2e.open({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    await signIn(page, 'admin');

    // 1. The list finds it by the customer; the row opens the case.
    await page.goto(`/compliance/fraud-check/cases?customer=${userName}`);
    const row = page.getByTestId('fraud-cases-list').locator(`[data-case-id="${caseId}"]`);
    await row.getByText('Hızlı çekimler').waitFor();
    await row.getByText('1 (1 open)').waitFor();
    await row.getByText('Hızlı çekimler').click();
    await page.waitForURL((url) => url.pathname === `/compliance/fraud-check/cases/${caseId}`);

    // 2. The timeline holds the alert and the withdrawal it points at.
    const timeline = page.getByTestId('case-timeline');
    await timeline.locator('[data-kind="alert_raised"]').getByText('Withdrawal velocity').waitFor();
    await timeline.locator('[data-kind="wallet_transaction"]').getByText('48,250.75 USDT').waitFor();

    // 3. Narrative, owner and follow-up date; the follow-up shows in the facts and the timeline.
    await page.getByTestId('edit-case').click();
    const form = page.getByTestId('edit-case-form');
    await form
      .getByTestId('case-narrative')
      .fill('Müşteri bir saatte yedi kez çekim yaptı; İzmir’deki cihazdan giriş.');
    await form.getByRole('button', { name: 'Save' }).click();
    await toasts(page).getByText('Case saved').first().waitFor();
    await page.getByTestId('case-narrative-text').getByText('yedi kez çekim').waitFor();

    // 4. A comment lands in the timeline.
    await page.getByTestId('case-comment').fill('Müşteri arandı, yanıt yok.');
    await page.getByTestId('case-comment-submit').click();
    await timeline.locator('[data-kind="comment"]').getByText('Müşteri arandı, yanıt yok.').waitFor();

    // 5. The report draft, in Turkish: listed, then downloaded as a PDF.
    await page.getByTestId('draft-report').click();
    await toasts(page).getByText('Report draft generated').first().waitFor();
    const report = page.getByTestId('case-report').first();
    await report.waitFor();
    // The long file name gives way; the download button keeps its whole label inside the row.
    const whole = await report.getByTestId('download-report').evaluate((button) => {
      const row = button.closest('[data-testid="case-report"]')!.getBoundingClientRect();
      const box = button.getBoundingClientRect();
      return button.scrollWidth <= button.clientWidth && box.left >= row.left && box.right <= row.right + 0.5;
    });
    expect(whole).toBe(true);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      report.getByTestId('download-report').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^sar-draft-case-${caseId}-\\d{8}-\\d{4}\\.pdf$`),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');

    // 6. Closing asks for a decision, the outcome of its open alert and a note; the case then reads
    // closed and offers no edits, and its alert is closed with that outcome.
    await page.getByTestId('close-case').click();
    const close = page.getByTestId('close-case-form');
    await close.getByTestId('case-decision').click();
    await page.getByRole('option', { name: 'Report to the regulator' }).click();
    await close.getByTestId('case-alert-outcome').click();
    await page.getByRole('option', { name: 'Confirmed' }).click();
    await close.getByTestId('case-closing-note').fill('Bildirim hazırlandı.');
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/fraud-case-close.png` });
    await close.getByRole('button', { name: 'Close case' }).click();
    await toasts(page).getByText(`Case #${caseId} closed`).first().waitFor();
    await page.getByTestId('case-facts').getByText('Closed · Report to the regulator').waitFor();
    expect(await page.getByTestId('edit-case').count()).toBe(0);
    await timeline
      .locator('[data-kind="case_event"]')
      .getByText('Case closed: Report to the regulator')
      .waitFor();
    await page.getByTestId('case-alerts').getByText('Closed').first().waitFor();

    // 7. A closed case can be reopened with a reason: it reads open again, the reason is on its
    // timeline, and its alert keeps the outcome it was closed with.
    await page.getByTestId('reopen-case').click();
    const reopen = page.getByTestId('reopen-case-form');
    await reopen.getByTestId('case-reopen-reason').fill('Banka yeni kanıt gönderdi.');
    await reopen.getByRole('button', { name: 'Reopen case' }).click();
    await toasts(page).getByText(`Case #${caseId} is open again.`).first().waitFor();
    await page.getByTestId('edit-case').waitFor();
    await timeline
      .locator('[data-kind="case_event"]')
      .getByText('Case reopened: Banka yeni kanıt gönderdi.')
      .waitFor();
    await page.getByTestId('case-alerts').getByText('Closed').first().waitFor();
  });
});
