import { randomUUID } from 'node:crypto';
import { publicApi } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { multipartFile } from '../../../../test/multipart.ts';
import { createTestIntegration } from '../../../test/integration-key.ts';
import { type Specimen, specimenDocument } from '../../platform/documents/index.ts';
import { pdfWith } from '../../platform/documents/test-fixtures.ts';

// The exchange's KYC documents through the public API: the staff upload's intake, refusals and queue.
const t = useTestApp();
let key: string;
let pdf: Specimen;
let customer: { id: number; externalId: string };

beforeAll(async () => {
  key = (await createTestIntegration(t.db, { scopes: ['ingest:documents'] })).key;
  pdf = await specimenDocument({
    kind: 'proof_of_address',
    format: 'pdf',
    person: { fullName: 'ALEX SAMPLE', birthDate: '1990-01-01', documentNumber: 'X1' },
  });
  const externalId = `doc_c_${randomUUID().slice(0, 8)}`;
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO customers (user_name, kyc_type, external_id, external_version)
    VALUES (${externalId}, 'kyc', ${externalId}, 1) RETURNING id`);
  customer = { id: Number(rows[0]!.id), externalId };
});

const send = (bytes: Buffer, query: string, headers: Record<string, string> = {}) => {
  const form = multipartFile(bytes, { fileName: 'bill.pdf' });
  return t.app.inject({
    method: 'POST',
    url: `${publicApi.ingestDocument.path}?${query}`,
    payload: form.payload,
    headers: { authorization: `Bearer ${key}`, ...form.headers, ...headers },
  });
};

describe('POST /api/v1/ingest/documents', () => {
  it('files the document as the customer gave it, once per Idempotency-Key, audited as the integration', async () => {
    const idem = { 'idempotency-key': `doc-${randomUUID()}` };
    const query = `customerExternalId=${customer.externalId}&kind=proof_of_address`;
    const first = await send(pdf.bytes, query, idem);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      created: true,
      document: {
        customer_id: customer.id,
        kind: 'proof_of_address',
        status: 'pending',
        channel: 'customer',
        uploaded_by: null,
      },
    });
    const retry = await send(pdf.bytes, query, idem);
    expect(retry.json()).toEqual(first.json());
    const audit = await t.db.execute<{ member_id: number | null; integration_id: number | null }>(sql`
      SELECT member_id, integration_id FROM audit_log
       WHERE entity = 'kyc_document' AND entity_id = ${String(first.json().document.id)}`);
    expect(audit.rows).toEqual([{ member_id: null, integration_id: expect.any(Number) }]);
  });

  it('refuses an unknown customer and an active PDF with the intake’s codes', async () => {
    const unknown = await send(pdf.bytes, 'customerExternalId=nobody-here&kind=proof_of_address');
    expect([unknown.statusCode, unknown.json().code]).toEqual([422, 'CUSTOMER_UNKNOWN']);
    const active = await send(
      pdfWith('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>'),
      `customerExternalId=${customer.externalId}&kind=proof_of_address`,
    );
    expect(active.json().code).toBe('KYC_FILE_ACTIVE_CONTENT');
  });
});
