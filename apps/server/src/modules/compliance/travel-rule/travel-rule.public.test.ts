import { randomUUID } from 'node:crypto';
import { publicApi } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { createTestIntegration, type TestIntegration } from '../../../test/integration-key.ts';
import { freshAddress, testPerson } from '../../../test/ivms-fixtures.ts';
import { candidates } from '../fraud/engine/fraud-engine.ts';
import { alertsOf, newCustomer } from '../fraud/engine/test-fixtures.ts';

// The travel rule through the public API (decision 0026), called as the exchange's engineers call it:
// a key of the right scope, transfers with their travel-rule block, the withdrawal check, and the
// events its staff's decisions send back.
const t = useTestApp();
const manager = t.session('manager');
const admin = t.session('admin');
let wallet: TestIntegration;
let checks: TestIntegration;

beforeAll(async () => {
  wallet = await createTestIntegration(t.db, { scopes: ['ingest:wallet'] });
  checks = await createTestIntegration(t.db, { scopes: ['checks:withdrawal'] });
  // The seed's own events are not these tests' business.
  await t.db.execute(sql`DELETE FROM fraud_event_queue`);
});

const bearer = (key: string) => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });
const ingest = (items: unknown, key = wallet.key) =>
  t.app.inject({
    method: 'POST',
    url: publicApi.ingestWalletTransactions.path,
    headers: bearer(key),
    payload: JSON.stringify(items),
  });
const check = (body: unknown, key = checks.key) =>
  t.app.inject({
    method: 'POST',
    url: publicApi.checkWithdrawal.path,
    headers: bearer(key),
    payload: body as never,
  });
const staff = (path: string, payload: unknown, headers = manager) =>
  t.app.inject({
    method: 'POST',
    url: `/api/compliance/travel-rule/${path}`,
    payload: payload as never,
    headers,
  });

/** A valid LEI (ISO 17442: two check digits, mod 97 of the letters as numbers). */
function lei(): string {
  const base = `5493${randomUUID().replaceAll('-', '').slice(0, 14).toUpperCase()}`;
  const digits = [...`${base}00`].map((ch) => (/\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55))).join('');
  const check = 98 - Number(BigInt(digits) % 97n);
  return `${base}${String(check).padStart(2, '0')}`;
}

async function vasp(dueDiligence: 'approved' | 'rejected', address?: string) {
  const created = await staff(
    'vasps/create',
    {
      name: `Karşı Borsa ${randomUUID().slice(0, 6)}`,
      lei: lei(),
      jurisdiction: 'TR',
      country: 'TR',
      licence: null,
      protocol: 'trp',
      due_diligence: dueDiligence,
      review_date: '2027-06-30',
    },
    admin,
  );
  expect(created.statusCode, created.body).toBe(200);
  const v = created.json().vasp as { id: number; lei: string; name: string };
  if (address) {
    const added = await staff('vasps/addresses/add', { vasp_id: v.id, network: 'TRC20', address }, admin);
    expect(added.statusCode, added.body).toBe(200);
  }
  return v;
}

const address = freshAddress;
const person = (family: string, identifier?: string) => testPerson(family, 'Elif', { identifier });
/** Everything MASAK asks above 15,000 TRY: names, accounts and the sender's T.C. identity number. */
const fullBlock = (to: string, beneficiaryVasp: { lei: string } | { id: number }) => ({
  originator: { originatorPersons: [person('Demir', '12345678901')], accountNumber: ['TOrigin0001'] },
  beneficiary: { beneficiaryPersons: [person('Kaya')], accountNumber: [to] },
  beneficiaryVasp,
});

/** A transfer as the exchange sends it; USDT is priced ≈29.5 TRY in the seed, so 1,000 is above MASAK's threshold. */
const transfer = (customer: string, over: Record<string, unknown> = {}) => ({
  externalId: `tr-${randomUUID()}`,
  version: 1,
  customerExternalId: customer,
  type: 'withdrawal',
  asset: 'USDT',
  network: 'TRC20',
  amount: '1000',
  toAddress: address(),
  status: 'pending',
  createdAt: new Date().toISOString(),
  ...over,
});

const recordOf = async (externalId: string) =>
  (
    await t.db.execute<{
      id: number;
      state: string;
      held: boolean;
      missing_fields: string[];
      version: number;
    }>(sql`
      SELECT r.id, r.state, r.held, r.missing_fields, r.version FROM travel_rule_records r
        JOIN wallet_transactions w ON w.id = r.transaction_id WHERE w.external_id = ${externalId}`)
  ).rows[0];
const eventsOf = async (recordId: number) =>
  (
    await t.db.execute<{ type: string; payload: Record<string, unknown> }>(sql`
      SELECT type, payload FROM outbox_events
       WHERE payload->'subject'->>'kind' = 'travel_rule_record' AND payload->'subject'->>'id' = ${String(recordId)}
       ORDER BY position NULLS LAST, id`)
  ).rows;

describe('travel-rule data on POST /api/v1/ingest/wallet-transactions', () => {
  it('opens the record with the transfer, evaluated and audited as the integration, and asks for what is missing', async () => {
    const c = await newCustomer(t.db, 'tr_api');
    const v = await vasp('approved');
    const to = address();
    // No identifier of the sender: above the threshold MASAK requires one.
    const block = {
      ...fullBlock(to, { lei: v.lei }),
      originator: { originatorPersons: [person('Demir')], accountNumber: ['TOrigin0001'] },
    };
    const item = transfer(c.externalId, { toAddress: to, travelRule: block });
    const res = await ingest([item]);
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0]).toMatchObject({ status: 'applied' });
    const record = (await recordOf(item.externalId))!;
    expect(record).toMatchObject({
      state: 'information_missing',
      held: false,
      missing_fields: ['originator_identifier'],
    });
    const audit = await t.db.execute<{
      action: string;
      integration_id: number | null;
      member_id: number | null;
    }>(sql`
      SELECT action, integration_id, member_id FROM audit_log
       WHERE entity = 'travel_rule_record' AND entity_id = ${String(record.id)}`);
    expect(audit.rows).toEqual([{ action: 'create', integration_id: wallet.integrationId, member_id: null }]);
    const [event] = await eventsOf(record.id);
    expect(event?.type).toBe('travel_rule.info_requested');
    expect(event?.payload).toMatchObject({
      customer: { externalId: c.externalId },
      subject: { kind: 'travel_rule_record', externalId: item.externalId },
      changes: {
        state: { after: 'information_missing' },
        missing_fields: { after: ['originator_identifier'] },
      },
      actor: { kind: 'integration', id: wallet.integrationId },
    });
    // Identity numbers never travel in clear, not even in an event.
    expect(JSON.stringify(event?.payload)).not.toContain('12345678901');

    // A newer version with the identifier completes the data; the officer's verification is still to come.
    const newer = { ...item, version: 2, travelRule: fullBlock(to, { lei: v.lei }) };
    expect((await ingest([newer])).json().results[0].status).toBe('applied');
    expect(await recordOf(item.externalId)).toMatchObject({
      state: 'required_unverified',
      missing_fields: [],
    });
  });

  it('refuses a bad block on its item alone, with INGEST_INVALID_ITEM and the field path', async () => {
    const c = await newCustomer(t.db, 'tr_api');
    const badName = transfer(c.externalId, {
      travelRule: {
        originator: {
          originatorPersons: [
            {
              naturalPerson: {
                name: { nameIdentifier: [{ primaryIdentifier: 'Demir', nameIdentifierType: 'NICK' }] },
              },
            },
          ],
        },
      },
    });
    const badDate = transfer(c.externalId, {
      travelRule: {
        originator: {
          originatorPersons: [
            {
              naturalPerson: {
                name: { nameIdentifier: [{ primaryIdentifier: 'Demir', nameIdentifierType: 'LEGL' }] },
                dateAndPlaceOfBirth: { dateOfBirth: '1990-02-30', placeOfBirth: 'Bursa' },
              },
            },
          ],
        },
      },
    });
    const unknownVasp = transfer(c.externalId, { travelRule: { beneficiaryVasp: { id: 2_000_000_000 } } });
    const onFee = transfer(c.externalId, { type: 'fee', travelRule: { selfHosted: true } });
    const good = transfer(c.externalId, { amount: '10' });
    const res = await ingest([badName, badDate, unknownVasp, onFee, good]);
    expect(res.statusCode).toBe(200);
    const results = res.json().results as Array<{ status: string; code?: string; message?: string }>;
    expect(results.map((r) => r.code ?? r.status)).toEqual([
      'INGEST_INVALID_ITEM',
      'INGEST_INVALID_ITEM',
      'INGEST_INVALID_ITEM',
      'INGEST_INVALID_ITEM',
      'applied',
    ]);
    expect(results[0]!.message).toContain(
      'travelRule.originator.originatorPersons.0.naturalPerson.name.nameIdentifier.0.nameIdentifierType',
    );
    expect(results[1]!.message).toContain(
      'travelRule.originator.originatorPersons.0.naturalPerson.dateAndPlaceOfBirth.dateOfBirth',
    );
    expect(results[2]!.message).toContain('travelRule.beneficiaryVasp');
    expect(results[3]!.message).toContain('travelRule');
    const stored = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM wallet_transactions
       WHERE external_id = ANY(${sql.param([badName, badDate, unknownVasp, onFee].map((i) => i.externalId))}::text[])`);
    expect(stored.rows[0]!.n).toBe(0);
  });

  it('is refused 403 to a key without ingest:wallet', async () => {
    const c = await newCustomer(t.db, 'tr_api');
    const res = await ingest([transfer(c.externalId, { travelRule: { selfHosted: true } })], checks.key);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('API_SCOPE_MISSING');
  });

  it('holds a deposit from a VASP whose information is missing, and releases it once verified', async () => {
    const c = await newCustomer(t.db, 'tr_api');
    const from = address();
    await vasp('approved', from);
    const deposit = transfer(c.externalId, { type: 'deposit', fromAddress: from, toAddress: undefined });
    expect((await ingest([deposit])).json().results[0].status).toBe('applied');
    const held = (await recordOf(deposit.externalId))!;
    expect(held).toMatchObject({ state: 'information_missing', held: true });
    expect((await eventsOf(held.id)).map((e) => e.type)).toEqual(['travel_rule.held']);
    // Staff see it held on the transfer's own row.
    const list = await t.app.inject({
      url: `/api/transactions/wallet-transactions?customer=${c.id}`,
      headers: manager,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items[0]).toMatchObject({ travel_rule_held: true });

    // The counterparty's data arrives with the next version; an officer verifies it.
    const complete = {
      ...deposit,
      version: 2,
      travelRule: {
        originator: { originatorPersons: [person('Şahin', '98765432109')], accountNumber: [from] },
        beneficiary: { beneficiaryPersons: [person('Yılmaz')], accountNumber: ['TMyDeposit01'] },
      },
    };
    expect((await ingest([complete])).json().results[0].status).toBe('applied');
    const filled = (await recordOf(deposit.externalId))!;
    // Above the threshold the data must be verified: the deposit stays held until an officer has.
    expect(filled).toMatchObject({ state: 'required_unverified', held: true });
    const verified = await staff('records/verify', { id: filled.id, version: filled.version });
    expect(verified.statusCode, verified.body).toBe(200);
    // Releasing a held deposit above the threshold takes a second member (four-eyes).
    expect(verified.json().record).toMatchObject({ held: true, awaiting_approval: true });
    const { rows } = await t.db.execute<{ id: number; version: number }>(sql`
      SELECT id::int, version FROM approval_requests
      WHERE kind = 'travel_rule_release' AND entity_id = ${String(filled.id)} AND status = 'pending'`);
    const approved = await t.app.inject({
      method: 'POST',
      url: '/api/approvals/approve',
      payload: rows[0]!,
      headers: admin,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await eventsOf(held.id)).map((e) => e.type)).toEqual([
      'travel_rule.held',
      'travel_rule.completed',
    ]);
    expect(await recordOf(deposit.externalId)).toMatchObject({ state: 'complete', held: false });
  });

  it('releases a small held deposit once its data arrives, where the rule asks for no verification', async () => {
    const c = await newCustomer(t.db, 'tr_api');
    const from = address();
    await vasp('approved', from);
    const deposit = transfer(c.externalId, {
      type: 'deposit',
      amount: '10',
      fromAddress: from,
      toAddress: undefined,
    });
    await ingest([deposit]);
    const held = (await recordOf(deposit.externalId))!;
    expect(held).toMatchObject({ state: 'information_missing', held: true });
    const filled = {
      ...deposit,
      version: 2,
      travelRule: {
        originator: { originatorPersons: [person('Şahin')], accountNumber: [from] },
        beneficiary: { beneficiaryPersons: [person('Yılmaz')], accountNumber: ['TMyDeposit02'] },
      },
    };
    await ingest([filled]);
    expect(await recordOf(deposit.externalId)).toMatchObject({ state: 'required_unverified', held: false });
    const events = await eventsOf(held.id);
    expect(events.map((e) => e.type)).toEqual(['travel_rule.held', 'travel_rule.completed']);
    expect(events[1]!.payload).toMatchObject({
      changes: { held: { before: true, after: false } },
      actor: { kind: 'integration', id: wallet.integrationId },
    });
  });
});

describe('staff decisions go out as travel_rule.* events', () => {
  it("sends info_requested, returned and rejected from the officers' actions", async () => {
    const c = await newCustomer(t.db, 'tr_api');
    const v = await vasp('approved');
    const to = address();
    const ask = transfer(c.externalId, {
      toAddress: to,
      amount: '10',
      travelRule: fullBlock(to, { id: v.id }),
    });
    const refuse = transfer(c.externalId, {
      toAddress: to,
      amount: '10',
      travelRule: fullBlock(to, { id: v.id }),
    });
    await ingest([ask, refuse]);
    const a = (await recordOf(ask.externalId))!;
    expect(a.state).toBe('required_unverified');
    const asked = await staff('records/request-information', {
      id: a.id,
      version: a.version,
      note: 'Please send the passport number',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const returned = await staff('records/return', {
      id: a.id,
      version: asked.json().record.version,
      reason: 'No answer in time',
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect((await eventsOf(a.id)).map((e) => e.type)).toEqual([
      'travel_rule.info_requested',
      'travel_rule.returned',
    ]);
    const r = (await recordOf(refuse.externalId))!;
    expect(
      (await staff('records/reject', { id: r.id, version: r.version, reason: 'Beneficiary name mismatch' }))
        .statusCode,
    ).toBe(200);
    const [rejected] = await eventsOf(r.id);
    expect(rejected).toMatchObject({
      type: 'travel_rule.rejected',
      payload: {
        subject: { externalId: refuse.externalId },
        changes: { state: { before: 'required_unverified', after: 'rejected' } },
        actor: { kind: 'member' },
      },
    });
  });
});

describe('the travel rule in POST /api/v1/checks/withdrawal', () => {
  const body = (customer: string, over: Record<string, unknown> = {}) => ({
    withdrawalId: `wd-${randomUUID()}`,
    customer: { externalId: customer },
    asset: 'USDT',
    network: 'TRC20',
    amount: '1000',
    toAddress: address(),
    ...over,
  });
  const codesOf = (answer: { reasons: Array<{ code: string }> }) => answer.reasons.map((r) => r.code);

  it('holds for review with TRAVEL_RULE_MISSING when the rule requires data the request lacks, and allows it once given', async () => {
    const c = await newCustomer(t.db, 'tr_api');
    const v = await vasp('approved');
    const missing = await check(body(c.externalId));
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toMatchObject({
      decision: 'review',
      reasons: [
        {
          code: 'TRAVEL_RULE_MISSING',
          effect: 'review',
          params: {
            jurisdiction: 'TR',
            currency: 'TRY',
            fields: expect.stringContaining('originator_identifier'),
          },
        },
      ],
    });
    // The held withdrawal has its record in the queue, asking for what is missing.
    const record = await t.db.execute<{ id: number; state: string }>(sql`
      SELECT id, state FROM travel_rule_records WHERE transaction_id = ${missing.json().reviewId}`);
    expect(record.rows[0]?.state).toBe('information_missing');
    expect((await eventsOf(Number(record.rows[0]!.id))).map((e) => e.type)).toEqual([
      'travel_rule.info_requested',
    ]);
    const to = address();
    const given = await check(
      body(c.externalId, { toAddress: to, travelRule: fullBlock(to, { lei: v.lei }) }),
    );
    expect(given.json()).toMatchObject({ decision: 'allow', reasons: [] });
    // A small withdrawal to an address nobody attributed, sent without data, is not held.
    expect((await check(body(c.externalId, { amount: '10' }))).json().decision).toBe('allow');
  });

  it('leaves a bank withdrawal of fiat alone: the travel rule is about crypto transfers', async () => {
    const c = await newCustomer(t.db, 'tr_api');
    const { rows } = await t.db.execute<{ is_fiat: boolean }>(
      sql`SELECT is_fiat FROM assets WHERE asset = 'TRY' AND network = 'BANK'`,
    );
    expect(rows).toEqual([{ is_fiat: true }]);
    const fiat = body(c.externalId, {
      asset: 'TRY',
      network: 'BANK',
      amount: '250000',
      toAddress: 'TR330006100519786457841326',
    });
    const answer = (await check(fiat)).json();
    expect(codesOf(answer)).not.toContain('TRAVEL_RULE_MISSING');
    // The same amount's worth in a crypto asset to an unattributed address is the rule's concern.
    expect(codesOf((await check(body(c.externalId, { amount: '10000' }))).json())).toContain(
      'TRAVEL_RULE_MISSING',
    );
  });

  it('blocks with TRAVEL_RULE_VASP_REJECTED when the counterparty VASP failed due diligence', async () => {
    const c = await newCustomer(t.db, 'tr_api');
    const to = address();
    const v = await vasp('rejected', to);
    const answer = (
      await check(body(c.externalId, { toAddress: to, travelRule: fullBlock(to, { id: v.id }) }))
    ).json();
    expect(answer.decision).toBe('block');
    expect(answer.reasons).toEqual([
      expect.objectContaining({
        code: 'TRAVEL_RULE_VASP_REJECTED',
        effect: 'block',
        params: { vaspId: v.id, vasp: v.name },
      }),
    ]);
  });

  it("blocks with TRAVEL_RULE_REJECTED when the withdrawal's record was rejected", async () => {
    const c = await newCustomer(t.db, 'tr_api');
    const v = await vasp('approved');
    const to = address();
    const sent = transfer(c.externalId, { toAddress: to, travelRule: fullBlock(to, { id: v.id }) });
    await ingest([sent]);
    const r = (await recordOf(sent.externalId))!;
    expect(
      (await staff('records/reject', { id: r.id, version: r.version, reason: 'Sanctioned beneficiary' }))
        .statusCode,
    ).toBe(200);
    const answer = (await check(body(c.externalId, { withdrawalId: sent.externalId, toAddress: to }))).json();
    expect(answer.decision).toBe('block');
    expect(codesOf(answer)).toEqual(['TRAVEL_RULE_REJECTED']);
  });

  it('is refused 403 to a key without checks:withdrawal, and a bad block is 400', async () => {
    const c = await newCustomer(t.db, 'tr_api');
    const wrong = await check(body(c.externalId), wallet.key);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('API_SCOPE_MISSING');
    const bad = await check(body(c.externalId, { travelRule: { beneficiaryVasp: { id: 1, lei: lei() } } }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('fraud rule travel_rule_failures', () => {
  it('raises an alert at the third failure with one counterparty VASP, and a backtest finds it', async () => {
    const v = await vasp('approved');
    const customers = [
      await newCustomer(t.db, 'tr_api'),
      await newCustomer(t.db, 'tr_api'),
      await newCustomer(t.db, 'tr_api'),
    ];
    const started = new Date(Date.now() - 60_000);
    const ids: number[] = [];
    for (const c of customers) {
      const to = address();
      const sent = transfer(c.externalId, {
        toAddress: to,
        amount: '10',
        travelRule: fullBlock(to, { id: v.id }),
      });
      await ingest([sent]);
      const r = (await recordOf(sent.externalId))!;
      ids.push(r.id);
      expect(
        (await staff('records/reject', { id: r.id, version: r.version, reason: 'Counterparty refused' }))
          .statusCode,
      ).toBe(200);
      await t.app.fraudEngine.evaluatePending();
      const alerts = await alertsOf(
        t.db,
        customers.map((x) => x.id),
        'travel_rule_failures',
      );
      // Two failures are no pattern; the third is.
      expect(alerts.length).toBe(c === customers[2] ? 1 : 0);
    }
    const [alert] = await alertsOf(t.db, [customers[2]!.id], 'travel_rule_failures');
    expect(alert!.figures).toEqual({ count: 3, vasp: v.name });
    const backtest = await candidates(
      t.db,
      'travel_rule_failures',
      { params: { count: 3, windowMinutes: 60 }, severity: 'high' },
      { from: started, to: new Date(Date.now() + 60_000) },
    );
    expect(backtest.filter((x) => x.figures.vasp === v.name).map((x) => x.customerId)).toEqual([
      customers[2]!.id,
    ]);
    // A stricter setting would have raised nothing.
    const stricter = await candidates(
      t.db,
      'travel_rule_failures',
      { params: { count: 4, windowMinutes: 60 }, severity: 'high' },
      { from: started, to: new Date(Date.now() + 60_000) },
    );
    expect(stricter.filter((x) => x.figures.vasp === v.name)).toEqual([]);
  });
});
