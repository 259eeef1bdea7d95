import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { specimenDocument } from '../../server/src/modules/platform/documents/index.ts';
import { pdfWith } from '../../server/src/modules/platform/documents/test-fixtures.ts';
import { axeProblems, settle, signIn, submitLogin, toasts, useE2E } from './support.ts';

/**
 * The KYC review as an officer works it: upload on the customer's behalf, view the file in the page,
 * reject it for resubmission, take the new upload and approve it; and the queue's "next case".
 */

const PERSON = { fullName: 'Ada Specimen', birthDate: '1990-01-01', documentNumber: 'X00000042' };

/** A specimen file (invented data, marked SPECIMEN) written where the browser can pick it. */
async function specimenFile(format: 'jpeg' | 'pdf'): Promise<string> {
  const specimen = await specimenDocument({ kind: 'passport', format, person: PERSON });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'kyc-e2e-')), specimen.fileName);
  writeFileSync(file, specimen.bytes);
  return file;
}

async function upload(page: Page, file: string) {
  await page.getByTestId('upload-document').click();
  const form = page.getByTestId('upload-form');
  await form.getByTestId('file-input').setInputFiles(file);
  await form.getByTestId('upload-kind').click();
  await page.getByRole('option', { name: 'Passport', exact: true }).click();
  await form.getByTestId('upload-submit').click();
  await toasts(page).getByText('Document uploaded').first().waitFor();
  await form.waitFor({ state: 'detached' });
}

/** The case open in the review: the router writes a numeric-looking string quoted ("12"). */
const openCase = (url: URL) => url.searchParams.get('case')?.replaceAll('"', '');

describe('KYC documents', () => {
  const e2e = useE2E();

  it('uploads, views, rejects for resubmission, takes the new upload and approves it', async () => {
    const client = new pg.Client({ connectionString: e2e.server.databaseUrl });
    await client.connect();
    const created = await client
      .query<{ id: number }>(
        `INSERT INTO customers (user_name, alias_name, alias_surname) VALUES ('e2e-kyc-ada', 'Ada', 'Specimen') RETURNING id`,
      )
      .finally(() => client.end());
    const customerId = created.rows[0]!.id;

    const { page } = await e2e.open({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'manager');
    await page.goto(`/crm/customers/${customerId}`);
    const tab = page.getByTestId('customer-kyc');
    await tab.getByText('No documents uploaded yet.').waitFor();

    // A renamed text file is refused at once, before anything is sent.
    await page.getByTestId('upload-document').click();
    const fake = path.join(mkdtempSync(path.join(tmpdir(), 'kyc-e2e-')), 'passport.jpg');
    writeFileSync(fake, '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    await page.getByTestId('file-input').setInputFiles(fake);
    await page.getByText('This file is not a JPEG, PNG, WebP, HEIC or PDF.').waitFor();
    // A PDF that would run JavaScript passes that look, and the server refuses it, in words.
    const active = path.join(mkdtempSync(path.join(tmpdir(), 'kyc-e2e-')), 'statement.pdf');
    writeFileSync(active, pdfWith('/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >>'));
    await page.getByTestId('file-input').setInputFiles(active);
    await page.getByTestId('upload-kind').click();
    await page.getByRole('option', { name: 'Proof of address', exact: true }).click();
    await page.getByTestId('upload-submit').click();
    await page
      .getByTestId('upload-failure')
      .getByText(
        'The PDF is refused: it contains a script (JavaScript). Upload a copy without it: print it to a new PDF, or scan the paper.',
      )
      .waitFor();
    await page.getByTestId('upload-form').getByRole('button', { name: 'Cancel' }).click();

    // 1. Upload a JPEG on the customer's behalf: it is listed, pending.
    await upload(page, await specimenFile('jpeg'));
    const rows = tab.getByTestId('customer-documents').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getAttribute('data-status')).toBe('pending');
    const firstId = await rows.first().getAttribute('data-document-id');

    // 2. View it: the image is drawn from the authorised endpoint, beside the declared profile.
    await rows.first().getByTestId('view-document').click();
    const drawer = page.getByTestId('review-drawer');
    const image = drawer.getByTestId('viewer-image');
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
    expect(await image.getAttribute('src')).toMatch(/^blob:/);
    expect(await drawer.getByTestId('profile-name').textContent()).toBe('Ada Specimen');
    await drawer.getByText('n', { exact: true }).first().waitFor(); // the shortcut hints are on screen
    // Zoom works from the toolbar.
    await drawer.getByRole('button', { name: 'Zoom in' }).click();
    expect(await drawer.getByTestId('viewer-zoom').textContent()).toBe('125%');

    // 3. Reject for resubmission with the keyboard: r opens the reason, typed without triggering keys.
    await drawer.getByRole('heading', { name: 'Passport' }).click();
    await page.keyboard.press('r');
    await drawer.getByTestId('reject-reason').click();
    await page.getByRole('option', { name: 'Unreadable' }).click();
    await drawer.getByTestId('reject-reason-text').fill('Glare over the photo; please retake it');
    expect(await drawer.getByTestId('rejection-resubmission').isChecked()).toBe(true);
    await drawer.getByTestId('submit-reject').click();
    await toasts(page).getByText('Resubmission requested from the customer').first().waitFor();
    const summary = drawer.getByTestId('decision-summary');
    await summary.getByText('Resubmission requested').waitFor();
    await summary.getByText('Unreadable — Glare over the photo; please retake it').waitFor();
    await page.getByRole('button', { name: 'Close the review' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await expect
      .poll(() => tab.locator(`tr[data-document-id="${firstId}"]`).getAttribute('data-status'))
      .toBe('resubmission_requested');

    // 4. The customer's new file (a PDF this time) comes in.
    await upload(page, await specimenFile('pdf'));
    await expect.poll(() => rows.count()).toBe(2);
    const second = tab.locator('tbody tr[data-status="pending"]');
    const secondId = await second.getAttribute('data-document-id');
    expect(secondId).not.toBe(firstId);

    // 5. View it (pdf.js draws its page) and approve it with "a".
    await second.getByTestId('view-document').click();
    await drawer.locator('[data-testid="viewer-pdf-page"][data-drawn="true"]').waitFor();
    expect(await drawer.getByTestId('viewer-page').textContent()).toBe('Page 1 of 1');
    await drawer.getByRole('heading', { name: 'Passport' }).click();
    await page.keyboard.press('a');
    await toasts(page).getByText('Document approved').first().waitFor();
    await drawer.getByTestId('decision-summary').getByText('Approved').waitFor();
    // The review runs in upload order, the new file last: p moves back to the first, still showing
    // its resubmission request.
    expect(await drawer.getByTestId('review-position').textContent()).toBe('Document 2 of 2');
    await page.keyboard.press('p');
    await expect.poll(() => drawer.getByTestId('review-position').textContent()).toBe('Document 1 of 2');
    await drawer.getByTestId('decision-summary').getByText('Resubmission requested').waitFor();
    await page.getByRole('button', { name: 'Close the review' }).click();

    // The decisions are listed on the tab, newest first, with who decided them.
    const decisions = tab.getByTestId('customer-decisions');
    await decisions.getByText(/Passport · Approved/).waitFor();
    await decisions.getByText(/Passport · Resubmission requested/).waitFor();
    await expect
      .poll(() => tab.locator(`tr[data-document-id="${secondId}"]`).getAttribute('data-status'))
      .toBe('approved');
  });

  it('claims the oldest unassigned case with "next case", opens it and releases it', async () => {
    const { page } = await e2e.open({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'admin');
    await page.goto('/compliance/kyc-manage?assignee=unassigned');
    await page.getByRole('heading', { level: 1, name: 'Pending KYC Documents' }).waitFor();
    const first = page.getByTestId('kyc-queue-list').locator('tbody tr[data-customer-id]').first();
    await first.waitFor();
    const oldest = await first.getAttribute('data-customer-id');
    // The SLA state is words and an icon, not colour alone.
    expect(((await first.getByTestId('sla-state').textContent()) ?? '').length).toBeGreaterThan(3);

    await page.getByTestId('next-case').click();
    await page.waitForURL((url) => openCase(url) === oldest);
    const drawer = page.getByTestId('review-drawer');
    await expect.poll(() => drawer.getByTestId('review-assignee').textContent()).not.toBe('Unassigned');
    const assignee = await drawer.getByTestId('review-assignee').textContent();

    // The queue now shows the case as held by this member; release gives it back.
    await drawer.getByTestId('release-case').click();
    await page.getByTestId('confirm-action').click();
    await toasts(page).getByText('Case released').first().waitFor();
    await expect.poll(() => drawer.getByTestId('review-assignee').textContent()).toBe('Unassigned');
    expect(assignee).not.toBe('Unassigned');

    // A second press claims it again (it is the oldest unassigned one once more).
    await page.getByRole('button', { name: 'Close the review' }).click();
    await page.getByTestId('next-case').click();
    await page.waitForURL((url) => openCase(url) === oldest);
    await expect.poll(() => drawer.getByTestId('review-assignee').textContent()).toBe(assignee);
  });
  it('reviews in upload order from the oldest pending document, and a decision moves on to the next', async () => {
    const client = new pg.Client({ connectionString: e2e.server.databaseUrl });
    await client.connect();
    const { rows } = await client
      .query<{ customer_id: string; pending: number[] }>(
        `SELECT customer_id, array_agg(id ORDER BY uploaded_at, id) AS pending FROM kyc_documents
         WHERE status = 'pending' GROUP BY customer_id HAVING count(*) >= 2 ORDER BY customer_id LIMIT 1`,
      )
      .finally(() => client.end());
    const [{ customer_id: customerId, pending }] = rows as [(typeof rows)[number]];
    const { page } = await e2e.open({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'manager');
    await page.goto(`/compliance/kyc-manage?case=${customerId}`);
    const drawer = page.getByTestId('review-drawer');
    const shown = () => drawer.locator('[data-document-id]').first().getAttribute('data-document-id');
    await expect.poll(shown).toBe(String(pending[0]));
    await drawer.getByTestId('approve-document').click();
    await toasts(page).getByText('Document approved').first().waitFor();
    await expect.poll(shown).toBe(String(pending[1]));
  });

  it('walks a case with the keys on every document, says what happened, then opens the next case', async () => {
    const client = new pg.Client({ connectionString: e2e.server.databaseUrl });
    await client.connect();
    // The newest such customer: the test above decides documents of the oldest one.
    const { rows } = await client
      .query<{ customer_id: string; pending: number[] }>(
        `SELECT customer_id, array_agg(id ORDER BY uploaded_at, id) AS pending FROM kyc_documents
         WHERE status = 'pending' GROUP BY customer_id HAVING count(*) >= 2 ORDER BY customer_id DESC LIMIT 1`,
      )
      .finally(() => client.end());
    const [{ customer_id: customerId, pending }] = rows as [(typeof rows)[number]];
    const { page } = await e2e.open({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'manager');
    await page.goto(`/compliance/kyc-manage?case=${customerId}`);
    const drawer = page.getByTestId('review-drawer');
    const shown = () => drawer.locator('[data-document-id]').first().getAttribute('data-document-id');
    // Every pending document but the last is approved with "a", nothing clicked first: the key works
    // on each of them, not only on the first.
    for (const id of pending.slice(0, -1)) {
      await expect.poll(shown).toBe(String(id));
      await drawer.getByTestId('approve-document').waitFor();
      await page.keyboard.press('a');
      await expect
        .poll(() =>
          drawer.locator(`[data-testid="review-documents"] [data-document-id="${id}"]`).textContent(),
        )
        .toContain('Approved');
    }
    // The last one gets a resubmission request with "r".
    await expect.poll(shown).toBe(String(pending.at(-1)));
    await drawer.getByTestId('reject-document').waitFor();
    await page.keyboard.press('r');
    await drawer.getByTestId('reject-reason').click();
    await page.getByRole('option', { name: 'Unreadable' }).click();
    await drawer.getByTestId('submit-reject').click();
    await toasts(page).getByText('Resubmission requested from the customer').first().waitFor();
    // The customer's status says what happened, not "Not started".
    const profile = drawer.getByTestId('review-profile');
    await expect.poll(() => profile.textContent()).toContain('Resubmission requested');
    expect(await profile.textContent()).not.toContain('Not started');

    // Nothing waits: the drawer offers the next case; "n" past the last document opens it.
    await drawer.getByTestId('review-next-case').waitFor();
    await drawer.locator(`[data-testid="review-documents"] [data-document-id]`).last().click();
    await drawer.getByTestId('shortcut-hints').getByText('next case').waitFor();
    await page.keyboard.press('n');
    await page.waitForURL((url) => {
      const open = openCase(url);
      return open !== undefined && open !== customerId;
    });
    await expect.poll(() => drawer.getByTestId('review-assignee').textContent()).not.toBe('Unassigned');
    expect(await drawer.getByTestId('review-next-case').count()).toBe(0);

    // The finished case, as the officer sees it at its end, in both languages, light and dark.
    for (const language of ['en', 'tr'] as const)
      for (const mode of ['light', 'dark'] as const) {
        // bypassCSP: the app's script-src 'self' would refuse the injected axe script.
        const { context, page: shot } = await e2e.open({
          colorScheme: mode,
          viewport: { width: 1280, height: 900 },
          bypassCSP: true,
        });
        await context.addCookies([{ name: 'i18n_redirected', value: language, url: e2e.url('/') }]);
        await context.addInitScript((stored) => localStorage.setItem('nuxt-color-mode', stored), mode);
        await submitLogin(shot, 'manager');
        await shot.waitForURL((url) => url.pathname === '/');
        await shot.goto(`/compliance/kyc-manage?case=${customerId}`);
        const done = shot.getByTestId('review-case-done');
        await done.waitFor();
        expect(await done.textContent()).toContain(language === 'tr' ? 'Sıradaki başvuru' : 'Next case');
        expect(await shot.getByTestId('review-profile').textContent()).toContain(
          language === 'tr' ? 'Yeniden yükleme istendi' : 'Resubmission requested',
        );
        await settle(shot);
        expect(await axeProblems(shot)).toEqual([]);
        const shots = process.env.E2E_SCREENSHOTS;
        if (shots) await shot.screenshot({ path: `${shots}/kyc-case-done-${language}-${mode}.png` });
        await context.close();
      }
  });
  it('explains a stale decision: another officer decided the document after it was opened', async () => {
    const { page } = await e2e.open({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'manager');
    await page.goto('/compliance/kyc-docs?status=pending');
    const row = page.getByTestId('kyc-documents-list').locator('tbody tr[data-document-id]').first();
    await row.waitFor();
    const id = Number(await row.getAttribute('data-document-id'));
    await row.click();
    const drawer = page.getByTestId('review-drawer');
    await drawer.getByTestId('approve-document').waitFor();

    // Meanwhile the admin approves it (a new version).
    const client = new pg.Client({ connectionString: e2e.server.databaseUrl });
    await client.connect();
    await client
      .query(
        `UPDATE kyc_documents SET status = 'approved', version = version + 1, reviewed_at = now(),
           reviewed_by = (SELECT id FROM staff_members WHERE user_name = 'admin') WHERE id = $1`,
        [id],
      )
      .finally(() => client.end());

    await drawer.getByTestId('approve-document').click();
    await drawer.getByTestId('stale-hint').waitFor();
    expect(await drawer.getByTestId('stale-hint').textContent()).toContain('The latest state is shown now');
    // The latest state replaced the form: the document reads as approved, with nothing left to decide.
    await drawer.getByTestId('decision-summary').getByText('Approved').waitFor();
    expect(await drawer.getByTestId('approve-document').count()).toBe(0);
  });
});
