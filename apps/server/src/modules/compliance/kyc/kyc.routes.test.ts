import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { multipartFile } from '../../../../test/multipart.ts';
import { linkCommitted } from '../../logs/access-log/audit-linker.ts';
import { type Specimen, specimenDocument } from '../../platform/documents/index.ts';
import { pdfWith, pngBomb } from '../../platform/documents/test-fixtures.ts';

const t = useTestApp();
const manager = t.session('manager');
const admin = t.session('admin');

const PERSON = { fullName: 'ALEX SAMPLE', birthDate: '1990-01-01', documentNumber: 'X1' };
let pdf: Specimen;
let jpeg: Specimen;
beforeAll(async () => {
  [pdf, jpeg] = await Promise.all([
    specimenDocument({ kind: 'proof_of_address', format: 'pdf', person: PERSON }),
    specimenDocument({ kind: 'passport', format: 'jpeg', person: PERSON }),
  ]);
});

const get = (url: string, headers = manager) => t.app.inject({ url, headers });
const post = (url: string, payload: unknown, headers: Record<string, string> = manager) =>
  t.app.inject({ method: 'POST', url, payload: payload as never, headers });

let seq = 0;
/** A customer of this test alone (a business when `kyb`). */
async function newCustomer(kyb = false): Promise<number> {
  const name = `kyc_test_${Date.now()}_${seq++}`;
  const { rows } = await t.db.execute<{ id: number }>(
    sql`INSERT INTO customers (user_name, kyc_type) VALUES (${name}, ${kyb ? 'kyb' : 'kyc'}) RETURNING id`,
  );
  return Number(rows[0]!.id);
}

function upload(
  customerId: number,
  kind: string,
  file: { bytes: Buffer; fileName?: string },
  headers: Record<string, string> = manager,
  query = '',
) {
  const form = multipartFile(file.bytes, { fileName: file.fileName ?? 'upload.bin' });
  return t.app.inject({
    method: 'POST',
    url: `/api/compliance/kyc/documents/upload?customer_id=${customerId}&kind=${kind}${query}`,
    payload: form.payload,
    headers: { ...headers, ...form.headers },
  });
}

const auditOf = async (entity: string, entityId: number) =>
  (
    await t.db.execute<{
      action: string;
      member_id: number | null;
      customer_id: number | null;
      after: unknown;
    }>(
      sql`SELECT action, member_id, customer_id, after FROM audit_log
          WHERE entity = ${entity} AND entity_id = ${String(entityId)} ORDER BY id`,
    )
  ).rows;

/** The kyc_status (R38) of a customer as the customer list shows it. */
async function listedKycStatus(customerId: number): Promise<string> {
  const { rows } = await t.db.execute<{ u: string }>(
    sql`SELECT user_name AS u FROM customers WHERE id = ${customerId}`,
  );
  const list = (await get(`/api/customers/get-users?search=${encodeURIComponent(rows[0]!.u)}`)).json();
  const users = (list.users ?? list.items) as { user_name: string; kyc_status: string }[];
  return users.find((u) => u.user_name === rows[0]!.u)!.kyc_status;
}

describe('KYC documents', () => {
  it('uploads on the customer’s behalf once per key and per file, opening a case', async () => {
    const customerId = await newCustomer();
    const form = multipartFile(pdf.bytes, { fileName: 'bill.pdf' });
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/compliance/kyc/documents/upload?customer_id=${customerId}&kind=proof_of_address`,
        payload: form.payload,
        headers: { ...manager, ...form.headers, 'idempotency-key': `kyc-upload-${customerId}` },
      });
    const first = await send();
    expect(first.statusCode).toBe(200);
    const doc = first.json().document;
    expect(first.json().created).toBe(true);
    expect(doc).toMatchObject({
      customer_id: customerId,
      kind: 'proof_of_address',
      status: 'pending',
      channel: 'staff',
      content_type: 'application/pdf',
      file_name: 'bill.pdf',
      sha256: pdf.sha256,
      size_bytes: pdf.bytes.length,
      uploaded_by: { id: expect.any(Number), display_name: expect.any(String) },
    });
    expect((await send()).json()).toEqual(first.json());
    // Without a key, the same bytes still pending answer the same document.
    const again = await upload(customerId, 'proof_of_address', { bytes: pdf.bytes });
    expect(again.json()).toMatchObject({ created: false, document: { id: doc.id } });
    expect((await auditOf('kyc_document', doc.id)).map((r) => r.action)).toEqual(['upload']);

    const kyc = (await get(`/api/compliance/kyc/customer?customer_id=${customerId}`)).json();
    expect(kyc.documents.map((d: { id: number }) => d.id)).toEqual([doc.id]);
    expect(kyc.case).toMatchObject({ customer_id: customerId, pending_documents: 1, assignee: null });
    expect(kyc.customer.kyc_status).toBe('pending');
  });

  it('refuses uploads by code, storing nothing', async () => {
    const person = await newCustomer();
    const company = await newCustomer(true);
    const cases: [Promise<{ statusCode: number; json(): { code: string } }>, number, string][] = [
      [upload(999_999_999, 'passport', { bytes: pdf.bytes }), 404, 'CUSTOMER_NOT_FOUND'],
      [upload(person, 'articles', { bytes: pdf.bytes }), 400, 'KYC_KIND_NOT_FOR_CUSTOMER'],
      [
        upload(person, 'selfie', { bytes: pdf.bytes }, manager, '&expires_on=2030-01-01'),
        400,
        'KYC_EXPIRY_NOT_APPLICABLE',
      ],
      [
        upload(person, 'passport', {
          bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
          fileName: 'a.jpg',
        }),
        415,
        'KYC_FILE_TYPE_REFUSED',
      ],
      [
        upload(company, 'passport', {
          bytes: Buffer.from('<html><script>alert(1)</script></html>'),
          fileName: 'a.pdf',
        }),
        415,
        'KYC_FILE_TYPE_REFUSED',
      ],
      [upload(person, 'passport', { bytes: Buffer.alloc(0) }), 400, 'KYC_FILE_EMPTY'],
      [
        upload(person, 'passport', { bytes: Buffer.alloc(16 * 1024 * 1024, 0xff) }),
        413,
        'KYC_FILE_TOO_LARGE',
      ],
      [upload(person, 'passport', { bytes: pngBomb(), fileName: 'a.png' }), 400, 'KYC_FILE_TOO_MANY_PIXELS'],
      [
        upload(person, 'proof_of_address', {
          bytes: pdfWith('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>'),
          fileName: 'bill.pdf',
        }),
        400,
        'KYC_FILE_ACTIVE_CONTENT',
      ],
      [
        post(`/api/compliance/kyc/documents/upload?customer_id=${person}&kind=passport`, { file: 'x' }),
        400,
        'KYC_FILE_MISSING',
      ],
      [upload(person, 'unknown_kind', { bytes: pdf.bytes }), 400, 'VALIDATION_FAILED'],
    ];
    for (const [call, status, code] of cases) {
      const res = await call;
      expect([res.statusCode, res.json().code]).toEqual([status, code]);
    }
    const { rows } = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM kyc_documents WHERE customer_id IN (${person}, ${company})`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('serves the file with safe headers and audits every view; a download is admin’s', async () => {
    const customerId = await newCustomer();
    const doc = (await upload(customerId, 'passport', { bytes: jpeg.bytes, fileName: 'passport.jpg' })).json()
      .document;
    const view = await get(`/api/compliance/kyc/documents/content?id=${doc.id}`);
    expect(view.statusCode).toBe(200);
    expect(view.headers['x-content-type-options']).toBe('nosniff');
    expect(view.headers['content-security-policy']).toContain('sandbox');
    expect(view.headers['content-disposition']).toMatch(/^attachment/);
    expect(view.headers['content-type']).toBe('image/jpeg');
    expect(view.rawPayload.length).toBe(doc.size_bytes);
    await get(`/api/compliance/kyc/documents/content?id=${doc.id}`);
    expect((await get(`/api/compliance/kyc/documents/download?id=${doc.id}`)).statusCode).toBe(403);
    const download = await get(`/api/compliance/kyc/documents/download?id=${doc.id}`, admin);
    expect(download.headers['content-disposition']).toMatch(/^attachment/);
    const audit = await auditOf('kyc_document', doc.id);
    expect(audit.map((r) => r.action)).toEqual(['upload', 'view', 'view', 'download']);
    expect(audit[1]).toMatchObject({ customer_id: customerId, member_id: expect.any(Number) });
    expect((await get('/api/compliance/kyc/documents/content?id=999999999')).json().code).toBe(
      'KYC_DOCUMENT_NOT_FOUND',
    );
  });

  it('decides at the version seen; a final rejection needs a new upload before an approval', async () => {
    const customerId = await newCustomer();
    const doc = (await upload(customerId, 'passport', { bytes: jpeg.bytes })).json().document;
    const decide = (body: Record<string, unknown>) =>
      post('/api/compliance/kyc/documents/decide', { id: doc.id, ...body });

    const noReason = await decide({ version: doc.version, decision: 'reject', rejection: 'final' });
    expect([noReason.statusCode, noReason.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    const rejected = await decide({
      version: doc.version,
      decision: 'reject',
      rejection: 'final',
      reason_code: 'suspected_forgery',
      comment: 'Fonts do not match',
    });
    expect(rejected.json().document).toMatchObject({
      status: 'rejected',
      reason_code: 'suspected_forgery',
      comment: 'Fonts do not match',
      reviewer: { id: expect.any(Number) },
      version: doc.version + 1,
    });
    const stale = await decide({ version: doc.version, decision: 'approve' });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'STALE_EDIT']);
    const final = await decide({ version: doc.version + 1, decision: 'approve' });
    expect([final.statusCode, final.json().code]).toEqual([409, 'KYC_DOCUMENT_FINAL']);

    // The customer sends a new file: that one can be approved.
    const fresh = (await upload(customerId, 'passport', { bytes: pdf.bytes })).json().document;
    const expired = await post('/api/compliance/kyc/documents/decide', {
      id: fresh.id,
      version: fresh.version,
      decision: 'approve',
      expires_on: '2001-01-01',
    });
    expect([expired.statusCode, expired.json().code]).toEqual([400, 'KYC_DOCUMENT_EXPIRED']);
    const approved = await post('/api/compliance/kyc/documents/decide', {
      id: fresh.id,
      version: fresh.version,
      decision: 'approve',
      expires_on: '2033-05-01',
    });
    expect(approved.json().document).toMatchObject({ status: 'approved', expires_on: '2033-05-01' });
    expect((await auditOf('kyc_document', doc.id)).map((r) => r.action)).toEqual(['upload', 'reject']);

    // No document waits: the case is closed, and the decisions are on the customer's KYC tab.
    const kyc = (await get(`/api/compliance/kyc/customer?customer_id=${customerId}`)).json();
    expect(kyc.case).toBeNull();
    expect(kyc.decisions.map((d: { decision: string }) => d.decision)).toEqual(['approved', 'rejected']);
  });

  it('asks for a resubmission, then approves the new upload', async () => {
    const customerId = await newCustomer();
    const doc = (await upload(customerId, 'selfie', { bytes: jpeg.bytes })).json().document;
    const resubmit = await post('/api/compliance/kyc/documents/decide', {
      id: doc.id,
      version: doc.version,
      decision: 'reject',
      rejection: 'resubmission',
      reason_code: 'other',
      reason_text: 'Face not visible',
    });
    expect(resubmit.json().document).toMatchObject({
      status: 'resubmission_requested',
      reason_text: 'Face not visible',
    });
    expect((await auditOf('kyc_document', doc.id)).map((r) => r.action)).toEqual([
      'upload',
      'request_resubmission',
    ]);
  });

  it('says what happened in kyc_status after approvals and a resubmission request, never "kyc"', async () => {
    const customerId = await newCustomer();
    const passport = (await upload(customerId, 'passport', { bytes: jpeg.bytes })).json().document;
    const selfie = (await upload(customerId, 'selfie', { bytes: jpeg.bytes })).json().document;
    const decide = (doc: { id: number; version: number }, body: Record<string, unknown>) =>
      post('/api/compliance/kyc/documents/decide', { id: doc.id, version: doc.version, ...body });
    expect((await decide(passport, { decision: 'approve', expires_on: '2033-05-01' })).statusCode).toBe(200);
    expect(await listedKycStatus(customerId)).toBe('pending');
    const asked = await decide(selfie, {
      decision: 'reject',
      rejection: 'resubmission',
      reason_code: 'other',
      reason_text: 'Face not visible',
    });
    expect(asked.statusCode).toBe(200);
    expect(await listedKycStatus(customerId)).toBe('resubmit');
    const again = (await upload(customerId, 'selfie', { bytes: pdf.bytes })).json().document;
    expect(await listedKycStatus(customerId)).toBe('pending');
    expect((await decide(again, { decision: 'approve' })).statusCode).toBe(200);
    // Level still 0, but what happened is two approvals: the newer selfie answers the old request.
    expect(await listedKycStatus(customerId)).toBe('approved');
  });
});

describe('KYC level', () => {
  it('decides the level; kyc_status on the customer list follows it', async () => {
    const customerId = await newCustomer();
    await upload(customerId, 'passport', { bytes: jpeg.bytes });
    const kyc = (await get(`/api/compliance/kyc/customer?customer_id=${customerId}`)).json();
    expect(await listedKycStatus(customerId)).toBe('pending');
    const level = (body: Record<string, unknown>) =>
      post('/api/compliance/kyc/level', { customer_id: customerId, ...body });
    const one = await level({ level: 1, version: kyc.customer.version, comment: 'Passport checked' });
    expect(one.statusCode).toBe(200);
    expect(one.json().kyc.customer).toMatchObject({ kyc_level: 1, kyc_status: 'approved' });
    expect(await listedKycStatus(customerId)).toBe('approved');
    const stale = await level({ level: 2, version: kyc.customer.version });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'STALE_EDIT']);
    const zero = await level({ level: 0, version: kyc.customer.version + 1 });
    // Level 0 with a document still waiting reads "pending".
    expect(zero.json().kyc.customer).toMatchObject({ kyc_level: 0, kyc_status: 'pending' });
    const { rows } = await t.db.execute<{ user_ky: string; kyc_level: number }>(
      sql`SELECT user_ky, kyc_level FROM customers WHERE id = ${customerId}`,
    );
    expect(rows[0]).toEqual({ user_ky: 'pending', kyc_level: 0 });
    expect(await listedKycStatus(customerId)).toBe('pending');
    expect((await auditOf('customer', customerId)).map((r) => r.action)).toEqual([
      'set_kyc_level',
      'set_kyc_level',
    ]);

    // Nothing waiting any more: level 0 after a level decision reads "rejected".
    const [pending] = (await get(`/api/compliance/kyc/customer?customer_id=${customerId}`)).json().documents;
    await post('/api/compliance/kyc/documents/decide', {
      id: pending.id,
      version: pending.version,
      decision: 'reject',
      rejection: 'final',
      reason_code: 'name_mismatch',
    });
    expect(await listedKycStatus(customerId)).toBe('rejected');

    // A gold customer cannot fall below the level gold requires.
    await t.db.execute(
      sql`UPDATE customers SET customer_type = 'gold', kyc_level = 2 WHERE id = ${customerId}`,
    );
    const version = (await get(`/api/compliance/kyc/customer?customer_id=${customerId}`)).json().customer
      .version;
    const below = await level({ level: 0, version });
    expect([below.statusCode, below.json().code]).toEqual([409, 'KYC_LEVEL_BELOW_TIER']);
  });
});

describe('KYC queue', () => {
  it('gives twenty officers pressing "next case" at once twenty different customers', async () => {
    const sessions = [manager, admin];
    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post('/api/compliance/kyc/queue/next', {}, sessions[i % sessions.length]!),
      ),
    );
    const ids = claims.map((r) => {
      expect(r.statusCode).toBe(200);
      return r.json().case?.customer_id;
    });
    expect(ids.every((id) => typeof id === 'number')).toBe(true);
    expect(new Set(ids).size).toBe(20);
    // One audit row per claim, as every other move of a case writes it, and each chained.
    await linkCommitted(t.db, 30_000);
    const { rows } = await t.db.execute<{
      entity_id: string;
      customer_id: string;
      before: unknown;
      after: unknown;
      linked: boolean;
      request: boolean;
      holder: string;
    }>(sql`
      SELECT a.entity_id, a.customer_id::text, a.before, a.after, c.seq IS NOT NULL AS linked,
             a.request_id IS NOT NULL AS request, m.display_name AS holder
        FROM audit_log a JOIN staff_members m ON m.id = a.member_id
        LEFT JOIN audit_chain c ON c.audit_id = a.id
       WHERE a.entity = 'kyc_case' AND a.action = 'claim' AND a.entity_id IN ${ids.map(String)}`);
    expect(rows).toHaveLength(20);
    for (const row of rows)
      expect(row).toEqual({
        entity_id: row.customer_id,
        customer_id: row.customer_id,
        before: { assignee: null },
        after: { assignee: row.holder },
        linked: true,
        request: true,
        holder: expect.any(String),
      });
    const holders = claims.map((r) => r.json().case.assignee.display_name);
    expect(new Set(rows.map((r) => r.holder))).toEqual(new Set(holders));

    // A retried press (the same Idempotency-Key) answers the first claim again: one claim, one row.
    const keyed = { ...manager, 'idempotency-key': 'next-case-retry-1' };
    const [first, retry] = [
      await post('/api/compliance/kyc/queue/next', {}, keyed),
      await post('/api/compliance/kyc/queue/next', {}, keyed),
    ];
    const id = first.json().case.customer_id;
    expect(retry.json().case.customer_id).toBe(id);
    await linkCommitted(t.db, 30_000);
    const once = await t.db.execute<{ n: number; linked: number }>(sql`
      SELECT count(*)::int AS n, count(c.seq)::int AS linked FROM audit_log a LEFT JOIN audit_chain c ON c.audit_id = a.id
       WHERE a.entity = 'kyc_case' AND a.action = 'claim' AND a.entity_id = ${String(id)}`);
    expect(once.rows[0]).toEqual({ n: 1, linked: 1 });
  });

  it('assigns, refuses a taken case, releases, and lets only admin reassign', async () => {
    const customerId = await newCustomer();
    await upload(customerId, 'passport', { bytes: jpeg.bytes });
    const mine = await post('/api/compliance/kyc/queue/assign', { customer_id: customerId });
    expect(mine.json().case.assignee).toMatchObject({ id: expect.any(Number) });
    const taken = await post('/api/compliance/kyc/queue/assign', { customer_id: customerId }, admin);
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'KYC_CASE_TAKEN']);
    expect(taken.json().params.member).toBe(mine.json().case.assignee.display_name);
    const notYours = await post('/api/compliance/kyc/queue/release', { customer_id: customerId }, admin);
    expect([notYours.statusCode, notYours.json().code]).toEqual([409, 'KYC_CASE_NOT_YOURS']);
    expect(
      (await post('/api/compliance/kyc/queue/reassign', { customer_id: customerId, member_id: null }))
        .statusCode,
    ).toBe(403);
    const reassigned = await post(
      '/api/compliance/kyc/queue/reassign',
      { customer_id: customerId, member_id: null },
      admin,
    );
    expect(reassigned.json().case.assignee).toBeNull();
    const invalid = await post(
      '/api/compliance/kyc/queue/reassign',
      { customer_id: customerId, member_id: 999_999 },
      admin,
    );
    expect([invalid.statusCode, invalid.json().code]).toEqual([400, 'KYC_ASSIGNEE_INVALID']);
    expect((await auditOf('kyc_case', customerId)).map((r) => r.action)).toEqual(['assign', 'reassign']);
    const none = await post('/api/compliance/kyc/queue/assign', { customer_id: 999_999_999 });
    expect([none.statusCode, none.json().code]).toEqual([404, 'KYC_CASE_NOT_FOUND']);
  });

  it('lists the queue oldest first with SLA states, and the overview counts it', async () => {
    const page = (await get('/api/compliance/kyc/queue?limit=50')).json();
    expect(page.items.length).toBeGreaterThan(5);
    const since = page.items.map((c: { waiting_since: string }) => c.waiting_since);
    expect([...since].sort()).toEqual(since);
    for (const state of ['ok', 'due_soon', 'breached']) {
      const filtered = (await get(`/api/compliance/kyc/queue?sla=${state}&limit=20`)).json();
      expect(filtered.items.every((c: { sla_state: string }) => c.sla_state === state)).toBe(true);
    }
    // The total comes apart: every SLA state's count adds up to the queue's, which the overview shows.
    const total = async (query: string) =>
      (await get(`/api/compliance/kyc/queue/count?${query}`)).json().total as {
        value: number;
        exact: boolean;
      };
    const all = await total('');
    const states = await Promise.all(['ok', 'due_soon', 'breached'].map((sla) => total(`sla=${sla}`)));
    expect(states.reduce((sum, s) => sum + s.value, 0)).toBe(all.value);
    expect(all.exact).toBe(true);
    const overview = (await get('/api/compliance/overview')).json();
    expect(overview.kyc_cases.open).toBe(all.value);
    expect(overview.kyc_documents.open).toBeGreaterThanOrEqual(overview.kyc_cases.open);
    expect(overview.sla_hours).toBe(24);
    const bad = await get('/api/compliance/kyc/queue?cursor=not-a-cursor');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'INVALID_CURSOR']);
  });

  it("names the claimed case's first document to review, and none once the queue is empty", async () => {
    const customerId = await newCustomer();
    const passport = (await upload(customerId, 'passport', { bytes: jpeg.bytes })).json().document;
    const address = (await upload(customerId, 'proof_of_address', { bytes: pdf.bytes })).json().document;
    await upload(customerId, 'selfie', { bytes: jpeg.bytes, fileName: 'selfie.jpg' });
    // The oldest document decided: the review opens on the oldest one still pending.
    await post('/api/compliance/kyc/documents/decide', {
      id: passport.id,
      version: passport.version,
      decision: 'approve',
      expires_on: '2033-05-01',
    });
    // This customer's case is the newest: every case before it is claimed first.
    let answer: { case: { customer_id: number } | null; first_document_id: number | null };
    for (let i = 0; ; i++) {
      answer = (
        await post('/api/compliance/kyc/queue/next', {}, { ...admin, 'idempotency-key': `first-claim-${i}` })
      ).json();
      if (!answer.case || answer.case.customer_id === customerId) break;
    }
    expect(answer.first_document_id).toBe(address.id);
    const empty = (
      await post('/api/compliance/kyc/queue/next', {}, { ...admin, 'idempotency-key': 'first-claim-empty' })
    ).json();
    expect(empty).toEqual({ success: true, case: null, first_document_id: null });
  });
});

describe('KYC settings and overview', () => {
  it('changes the SLA at the version seen, audited; the overview counts this week’s decisions', async () => {
    const current = (await get('/api/compliance/kyc/settings')).json();
    expect(
      (await post('/api/compliance/kyc/settings/update', { sla_hours: 12, version: current.version }))
        .statusCode,
    ).toBe(403);
    const changed = await post(
      '/api/compliance/kyc/settings/update',
      { sla_hours: 12, version: current.version },
      admin,
    );
    expect(changed.json().settings).toEqual({ sla_hours: 12, version: current.version + 1 });
    const stale = await post(
      '/api/compliance/kyc/settings/update',
      { sla_hours: 48, version: current.version },
      admin,
    );
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'STALE_EDIT']);
    expect((await get('/api/compliance/overview')).json().sla_hours).toBe(12);
    const { rows } = await t.db.execute<{ before: unknown; after: unknown }>(
      sql`SELECT before, after FROM audit_log WHERE entity = 'app_setting' AND entity_id = 'kyc_sla_hours'`,
    );
    expect(rows.at(-1)).toEqual({
      before: { kyc_sla_hours: current.sla_hours },
      after: { kyc_sla_hours: 12 },
    });
    await post(
      '/api/compliance/kyc/settings/update',
      { sla_hours: current.sla_hours, version: current.version + 1 },
      admin,
    );

    const customerId = await newCustomer();
    const doc = (await upload(customerId, 'selfie', { bytes: jpeg.bytes })).json().document;
    const mine = (await get('/api/compliance/overview')).json().decisions_this_week;
    const approve = () =>
      post('/api/compliance/kyc/documents/decide', { id: doc.id, version: doc.version, decision: 'approve' });
    const approved = (await approve()).json().document;
    // Approving again at the new version changes nothing: no version, no audit row (R20).
    const again = await post('/api/compliance/kyc/documents/decide', {
      id: doc.id,
      version: approved.version,
      decision: 'approve',
    });
    expect(again.json().document.version).toBe(approved.version);
    expect((await auditOf('kyc_document', doc.id)).map((r) => r.action)).toEqual(['upload', 'approve']);
    const after = (await get('/api/compliance/overview')).json().decisions_this_week;
    const approvedBy = (list: { member: { id: number }; approved: number }[]) =>
      list.find((o) => o.member.id === approved.reviewer.id)?.approved ?? 0;
    expect(approvedBy(after)).toBe(approvedBy(mine) + 1);
  });
});

describe('KYC documents list', () => {
  it('counts a customer with more than 10,000 documents exactly, apart from the page', async () => {
    // Lists count exactly to 100,000 at least (decision 0004); the page itself never counts.
    const customerId = await newCustomer();
    await t.db.execute(sql`
      INSERT INTO kyc_documents (customer_id, kind, status, reviewed_at, file_name, mime_type, size_bytes, sha256)
      SELECT ${customerId}, 'proof_of_address', 'approved', now(), 'bill.pdf', 'application/pdf', 100,
             lpad(to_hex(${customerId}::bigint), 16, '0') || lpad(to_hex(n), 48, '0')
      FROM generate_series(1, 10050) AS n`);
    const count = await get(`/api/compliance/kyc/documents/count?customer=${customerId}`);
    expect(count.json()).toEqual({ total: { value: 10_050, exact: true } });
    const page = (await get(`/api/compliance/kyc/documents?customer=${customerId}&limit=50`)).json();
    expect(page.items).toHaveLength(50);
    expect(page).not.toHaveProperty('total');
  });

  it('filters by status and kind on keyset pages with a total, and exports for admin only', async () => {
    const page = (await get('/api/compliance/kyc/documents?status=approved&kind=selfie&limit=5')).json();
    expect(page.items).toHaveLength(5);
    expect(
      page.items.every(
        (d: { status: string; kind: string }) => d.status === 'approved' && d.kind === 'selfie',
      ),
    ).toBe(true);
    // The total comes apart, for the filters alone (exact to 100,000): it agrees with the table.
    const total = (await get('/api/compliance/kyc/documents/count?status=approved&kind=selfie')).json().total;
    const { rows } = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM kyc_documents WHERE status = 'approved' AND kind = 'selfie'`,
    );
    expect(total).toEqual({ value: rows[0]!.n, exact: true });
    expect(total.value).toBeGreaterThan(5);
    const next = (
      await get(`/api/compliance/kyc/documents?status=approved&kind=selfie&limit=5&cursor=${page.nextCursor}`)
    ).json();
    expect(next.items[0].id).not.toBe(page.items[0].id);
    expect((await get('/api/compliance/kyc/documents/export?format=csv')).statusCode).toBe(403);
    const csv = await get('/api/compliance/kyc/documents/export?format=csv&status=pending', admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n').length).toBeGreaterThan(2);
  });
});
