import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { TEST_DATA_DIR } from '../../../../test/test-server.ts';
import { loadConfig } from '../../../config/config.ts';
import { createDocumentStore, specimenDocument } from '../../platform/documents/index.ts';
import { pdfWith } from '../../platform/documents/test-fixtures.ts';

const t = useTestApp();
const superMember = t.session('super');
const manager = t.session('manager');

/** Files stored before today's checks existed: written to the app's own store, recorded as documents. */
const LEGACY = {
  script: pdfWith('/OpenAction << /S /JavaScript\0/JS\0(app.alert\\(1\\)) >>'),
  polyglot: Buffer.from(
    '%PDF-1.4\n<html><script>alert(1)</script></html>\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  ),
};
const ids: Record<'script' | 'polyglot' | 'clean', number> = { script: 0, polyglot: 0, clean: 0 };

async function storedDocument(customerId: number, bytes: Buffer): Promise<number> {
  const store = createDocumentStore(
    loadConfig({ NODE_ENV: 'test', DATA_DIR: TEST_DATA_DIR, DATABASE_URL: 'postgres://unused' }).documents,
  );
  const { sha256 } = await store.putBytes(bytes, 'application/pdf');
  await store.close();
  const { rows } = await t.db.execute<{ id: string }>(sql`
    INSERT INTO kyc_documents (customer_id, kind, file_name, mime_type, size_bytes, sha256)
    VALUES (${customerId}, 'proof_of_address', 'bill.pdf', 'application/pdf', ${bytes.length}, ${sha256})
    RETURNING id`);
  return Number(rows[0]!.id);
}

beforeAll(async () => {
  const { rows } = await t.db.execute<{ id: string }>(
    sql`INSERT INTO customers (user_name) VALUES (${`quarantine_${Date.now()}`}) RETURNING id`,
  );
  const customerId = Number(rows[0]!.id);
  const person = { fullName: 'ALEX SAMPLE', birthDate: '1990-01-01', documentNumber: 'X1' };
  const clean = await specimenDocument({ kind: 'proof_of_address', format: 'pdf', person });
  ids.script = await storedDocument(customerId, LEGACY.script);
  ids.polyglot = await storedDocument(customerId, LEGACY.polyglot);
  ids.clean = await storedDocument(customerId, clean.bytes);
});

const start = (headers = superMember) =>
  t.app.inject({ method: 'POST', url: '/api/compliance/kyc/quarantine/recheck', headers });
const runOf = async (id: number) =>
  (await t.app.inject({ url: `/api/compliance/fraud/runs/detail?id=${id}`, headers: superMember })).json();

describe('recheck of stored documents', () => {
  it('is for a super only', async () => {
    expect((await start(manager)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/compliance/kyc/quarantine', headers: manager })).statusCode).toBe(
      403,
    );
  });

  it('quarantines what today’s checks refuse, one run at a time, audited and kept', async () => {
    const started = await start();
    expect(started.statusCode).toBe(200);
    const runId = started.json().run_id as number;
    const second = await start();
    expect([second.statusCode, second.json().code]).toEqual([409, 'DOCUMENT_RECHECK_RUNNING']);

    await t.app.fraudRuns.execute(runId);
    const { run, log } = await runOf(runId);
    expect(run).toMatchObject({ kind: 'document_recheck', status: 'done' });
    expect(run.result).toMatchObject({ quarantined: 2 });
    expect(run.progress_done).toBe(run.progress_total);
    expect(log.filter((l: { message: string }) => l.message === 'documentQuarantined')).toHaveLength(2);

    const list = (await t.app.inject({ url: '/api/compliance/kyc/quarantine', headers: superMember })).json();
    const byId = new Map(list.items.map((item: { id: number }) => [item.id, item]));
    expect(byId.get(ids.script)).toMatchObject({
      code: 'KYC_FILE_ACTIVE_CONTENT',
      feature: 'javascript',
      run_id: runId,
    });
    expect(byId.get(ids.polyglot)).toMatchObject({ code: 'KYC_FILE_UNREADABLE', feature: null });
    expect(byId.has(ids.clean)).toBe(false);

    const { rows: audit } = await t.db.execute<{ entity_id: string; member_id: number | null }>(
      sql`SELECT entity_id, member_id FROM audit_log WHERE entity = 'kyc_document' AND action = 'quarantine'
          AND entity_id IN (${ids.script}, ${ids.polyglot})`,
    );
    expect(audit.map((r) => [Number(r.entity_id), r.member_id]).sort()).toEqual(
      [
        [ids.script, null],
        [ids.polyglot, null],
      ].sort(),
    );
    // Kept: the document row and its file stay, and the app itself may not take the quarantine back.
    const kept = await t.db.execute(sql`SELECT 1 FROM kyc_documents WHERE id = ${ids.script}`);
    expect(kept.rows).toHaveLength(1);
    await expect(
      t.db.execute(sql`DELETE FROM kyc_document_quarantine WHERE document_id = ${ids.script}`),
    ).rejects.toThrow();
  });

  it('refuses a quarantined document to the viewer, the download and a decision; serves the rest as attachments', async () => {
    for (const path of ['content', 'download']) {
      const refused = await t.app.inject({
        url: `/api/compliance/kyc/documents/${path}?id=${ids.script}`,
        headers: superMember,
      });
      expect([refused.statusCode, refused.json().code]).toEqual([410, 'KYC_DOCUMENT_QUARANTINED']);
    }
    const decide = await t.app.inject({
      method: 'POST',
      url: '/api/compliance/kyc/documents/decide',
      headers: superMember,
      payload: { id: ids.polyglot, version: 1, decision: 'approve' },
    });
    expect([decide.statusCode, decide.json().code]).toEqual([410, 'KYC_DOCUMENT_QUARANTINED']);
    const clean = await t.app.inject({
      url: `/api/compliance/kyc/documents/content?id=${ids.clean}`,
      headers: superMember,
    });
    expect(clean.statusCode).toBe(200);
    expect(clean.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('a second run finds nothing new', async () => {
    const runId = (await start()).json().run_id as number;
    await t.app.fraudRuns.execute(runId);
    expect((await runOf(runId)).run.result).toMatchObject({ quarantined: 0 });
  });
});
