import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dbRows, raisedAlert } from './fraud-fixtures.ts';
import { signIn, toasts, useE2E } from './support.ts';

/**
 * Screening as a compliance admin works it: a malformed list file refused in words, the shipped OFAC
 * sample imported (a rescreen starts), and a Turkish name tried against it, explained part by part.
 */

const SHIPPED_OFAC = path.join(import.meta.dirname, '../../server/data/screening/ofac-sdn-sample.csv');

function tempFile(name: string, text: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'screening-e2e-')), name);
  writeFileSync(file, text);
  return file;
}

async function importList(page: Page, name: string, file: string) {
  await page.getByTestId('screening-import-open').click();
  const form = page.getByTestId('screening-import-form');
  await form.getByLabel('List name').fill(name);
  await form.getByTestId('screening-import-format').click();
  await page.getByRole('option', { name: 'OFAC SDN (CSV)', exact: true }).click();
  await form.locator('input[type="file"]').setInputFiles(file);
  await form.getByTestId('screening-import-submit').click();
}

describe('fraud check: screening', () => {
  const e2e = useE2E();

  it('refuses a malformed file in words, imports a list, starts a rescreen and explains a match', async () => {
    const { page } = await e2e.open({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'admin');
    await page.goto('/compliance/fraud-check/screening');
    await page.getByRole('heading', { level: 2, name: 'Try a name' }).waitFor();

    // A file of the wrong shape: refused, naming the line, and the modal stays for another file.
    await importList(page, 'E2E OFAC', tempFile('sdn.csv', '1,"DOE, Jan","individual"\n'));
    await page
      .getByTestId('screening-import-failure')
      .getByText('Line 1 has 3 columns; this format has 12. Nothing was imported.')
      .waitFor();
    await page.getByTestId('screening-import-form').getByRole('button', { name: 'Cancel' }).click();

    // The shipped sample: imported, listed with its count, and a rescreen under way.
    await importList(page, 'E2E OFAC', SHIPPED_OFAC);
    await toasts(page)
      .getByText(/E2E OFAC imported: 7 added, 0 updated, 0 removed/)
      .first()
      .waitFor();
    const row = page.getByTestId('screening-lists').getByRole('row', { name: /E2E OFAC/ });
    await row.getByText('OFAC SDN (CSV)').waitFor();
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('7');
    await page.getByTestId('screening-run').waitFor();

    // Işıl Şahin is "SAHIN, Isil" on the list: each part explained, the facts compared.
    await page.getByTestId('screening-try-name').fill('Işıl Şahin');
    await page.getByLabel('Nationality').fill('TR');
    await page.getByTestId('screening-try-submit').click();
    const hit = page.getByTestId('screening-try-results').getByTestId('screening-hit').first();
    await hit.getByText('Isil SAHIN').waitFor();
    await hit.getByText('Işıl ↔ Isil: same letters without Turkish marks').waitFor();
    await hit.getByText('Nationality agrees (TR)').waitFor();
    expect(await hit.getByTestId('screening-score').textContent()).toBe('97%');
  });

  it('screens a new customer against the imported list and explains the hit in the alert drawer', async () => {
    const url = e2e.server.databaseUrl;
    const [created] = await dbRows<{ id: number }>(
      url,
      `INSERT INTO customers (user_name, alias_name, alias_surname, nationality)
       VALUES ('e2e-screening-cemile', 'Cemile', 'Doğanay', 'TR') RETURNING id`,
    );
    // The engine takes the customer event at once (woken by NOTIFY) and screening raises the alert.
    const alertId = await raisedAlert(url, created!.id, 'screening_hit', 30_000);
    const { page } = await e2e.open({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'manager');
    await page.goto(`/compliance/fraud-check?alert=${alertId}`);
    const evidence = page.getByTestId('screening-evidence');
    await evidence.getByText('Cemile DOGANAY').waitFor();
    await evidence.getByText('Doğanay ↔ DOGANAY: same letters without Turkish marks').waitFor();
    await evidence.getByText('Nationality agrees (TR)').waitFor();
  });

  it('shows a manager the lists and the explainer, without import, rescreen or threshold changes', async () => {
    const { page } = await e2e.open({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'manager');
    await page.goto('/compliance/fraud-check/screening');
    await page.getByRole('heading', { level: 2, name: 'Match threshold' }).waitFor();
    await page.getByText('Only an admin can change the threshold.').waitFor();
    expect(await page.getByTestId('screening-import-open').count()).toBe(0);
    expect(await page.getByTestId('screening-rescreen').count()).toBe(0);
    expect(await page.getByTestId('screening-threshold-save').count()).toBe(0);
  });
});
