import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config/config.ts';
import { createDocumentStore } from '../../server/src/modules/platform/documents/index.ts';
import { pdfWith } from '../../server/src/modules/platform/documents/test-fixtures.ts';
import { TEST_DATA_DIR } from '../../server/test/test-server.ts';
import { signIn, useE2E } from './support.ts';

/**
 * A document stored before today's PDF check (a script behind NUL bytes, which the old check let
 * through): opened at its address it downloads and runs nothing, and a super's recheck quarantines it.
 */

const SCRIPTED = pdfWith('/OpenAction << /S /JavaScript\0/JS\0(app.alert\\(1\\)) >>');

async function legacyDocument(databaseUrl: string): Promise<number> {
  const store = createDocumentStore(
    loadConfig({ NODE_ENV: 'test', DATA_DIR: TEST_DATA_DIR, DATABASE_URL: databaseUrl }).documents,
  );
  const { sha256 } = await store.putBytes(SCRIPTED, 'application/pdf');
  await store.close();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const customer = await client.query<{ id: string }>(
      `INSERT INTO customers (user_name, alias_name, alias_surname) VALUES ('e2e-quarantine', 'Quinn', 'Legacy') RETURNING id`,
    );
    const doc = await client.query<{ id: string }>(
      `INSERT INTO kyc_documents (customer_id, kind, file_name, mime_type, size_bytes, sha256)
       VALUES ($1, 'proof_of_address', 'statement.pdf', 'application/pdf', $2, $3) RETURNING id`,
      [customer.rows[0]!.id, SCRIPTED.length, sha256],
    );
    return Number(doc.rows[0]!.id);
  } finally {
    await client.end();
  }
}

describe('quarantine of stored documents', () => {
  // Jobs on: the recheck runs as the server's own job, as in production.
  const e2e = useE2E({ env: { JOBS: 'true' } });

  it('a stored scripted PDF downloads when opened directly, and a recheck quarantines it', async () => {
    const id = await legacyDocument(e2e.server.databaseUrl);
    const { page } = await e2e.open({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signIn(page, 'super');

    // Opened at its address, the file is saved, never handed to the browser's own PDF viewer.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.goto(`/api/compliance/kyc/documents/content?id=${id}`).catch(() => undefined),
    ]);
    expect(download.suggestedFilename()).toBe('statement.pdf');
    expect(dialogs).toEqual([]);

    await page.goto('/compliance/kyc-docs');
    const panel = page.getByTestId('quarantine');
    await panel.getByRole('heading', { name: 'Quarantine' }).waitFor();
    await panel.getByTestId('recheck').click();
    await panel.locator('[data-testid="run-panel"][data-status="done"]').waitFor({ timeout: 60_000 });
    const row = panel.locator(`tr[data-document-id="${id}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain('Active content: a script (JavaScript)');
    await panel.getByTestId('run-log').getByText(`Document #${id} quarantined`).waitFor();

    // From now on the viewer refuses it in words.
    await page.goto(`/compliance/kyc-docs?doc=${id}`);
    await page
      .getByText('This document was quarantined by a file check and can no longer be opened.')
      .first()
      .waitFor();
    expect(dialogs).toEqual([]);
  });

  it('is not shown to a manager', async () => {
    const { page } = await e2e.open({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'manager');
    await page.goto('/compliance/kyc-docs');
    await page.getByRole('heading', { level: 1, name: 'KYC Documents' }).waitFor();
    expect(await page.getByTestId('quarantine').count()).toBe(0);
  });
});
