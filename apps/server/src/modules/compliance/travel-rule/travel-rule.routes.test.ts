import { randomUUID } from 'node:crypto';
import type { TravelRuleParties } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { createChanges } from '../../platform/audit/changes.ts';
import { createTravelRuleService } from './travel-rule.service.ts';
import { createTravelRuleRecordsRepository } from './travel-rule-records.repository.ts';

const t = useTestApp();
const manager = t.session('manager');
const admin = t.session('admin');
const superMember = t.session('super');

const post = (url: string, payload: unknown, headers = manager) =>
  t.app.inject({
    method: 'POST',
    url: `/api/compliance/travel-rule/${url}`,
    payload: payload as never,
    headers,
  });
const get = async (url: string, headers = manager) =>
  (await t.app.inject({ url: `/api/compliance/travel-rule/${url}`, headers })).json();

/** Opens records as the public API will (a later part): through the service, as the system. */
const records = () =>
  createTravelRuleService({
    db: t.db,
    repo: createTravelRuleRecordsRepository(),
    changes: createChanges(t.db),
    clock: t.clock,
    home: 'TR',
  });
const system = { memberId: null, requestId: 'travel-rule-test' };

/** An asset of this file alone, priced 1 = 100,000 TRY = 2,500 USD = 2,300 EUR from a day ago. */
const ASSET = `TR${randomUUID().slice(0, 6).toUpperCase()}`;
let rated = false;
async function transfer(type: 'withdrawal' | 'deposit', amount: string, address: string): Promise<number> {
  if (!rated) {
    for (const [quote, rate] of [
      ['TRY', '100000'],
      ['USD', '2500'],
      ['EUR', '2300'],
    ])
      await t.db.execute(sql`
        INSERT INTO asset_rates (external_id, asset, quote, rate, at, external_version, received_at)
        VALUES (${randomUUID()}, ${ASSET}, ${quote}, ${rate}, now() - interval '1 day', 1, now())`);
    rated = true;
  }
  const customer = await t.db.execute<{ id: number }>(
    sql`INSERT INTO customers (user_name) VALUES (${`tr_${randomUUID().slice(0, 8)}`}) RETURNING id`,
  );
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, from_address, to_address, status)
    VALUES (${customer.rows[0]!.id}, ${type}, ${ASSET}, 'ERC20', ${amount},
      ${type === 'deposit' ? address : null}, ${type === 'withdrawal' ? address : null}, 'pending')
    RETURNING id`);
  return Number(rows[0]!.id);
}

const demir = (id?: string) => ({
  naturalPerson: {
    name: {
      nameIdentifier: [
        { primaryIdentifier: 'Demir', secondaryIdentifier: 'Elif', nameIdentifierType: 'LEGL' },
      ],
    },
    ...(id
      ? {
          nationalIdentification: {
            nationalIdentifier: id,
            nationalIdentifierType: 'RAID',
            countryOfIssue: 'TR',
          },
        }
      : {}),
    dateAndPlaceOfBirth: { dateOfBirth: '1988-04-12', placeOfBirth: 'Bursa' },
  },
});
const parties = (id?: string): TravelRuleParties => ({
  originator: { originatorPersons: [demir(id) as never], accountNumber: ['0xorigin0001'] },
  beneficiary: {
    beneficiaryPersons: [
      {
        naturalPerson: {
          name: { nameIdentifier: [{ primaryIdentifier: 'Kaya', nameIdentifierType: 'LEGL' }] },
        },
      },
    ],
    accountNumber: ['0xbeneficiary'],
  },
  originating_vasp: null,
  beneficiary_vasp: null,
});

async function vaspWithAddress(jurisdiction: string, address: string) {
  const created = await post(
    'vasps/create',
    {
      name: `Örnek Borsa ${randomUUID().slice(0, 4)}`,
      lei: null,
      jurisdiction,
      country: null,
      licence: null,
      protocol: 'trp',
      due_diligence: 'approved',
      review_date: '2027-06-30',
    },
    admin,
  );
  expect(created.statusCode).toBe(200);
  const vasp = created.json().vasp;
  const added = await post('vasps/addresses/add', { vasp_id: vasp.id, network: 'erc20', address }, admin);
  expect(added.statusCode, added.body).toBe(200);
  return vasp as { id: number; version: number };
}

const customerOf = async (transactionId: number) =>
  (
    await t.db.execute<{ id: number }>(
      sql`SELECT customer_id::int AS id FROM wallet_transactions WHERE id = ${transactionId}`,
    )
  ).rows[0]!.id;

const auditOf = async (id: number) =>
  (
    await t.db.execute<{
      action: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }>(
      sql`SELECT action, before, after FROM audit_log WHERE entity = 'travel_rule_record' AND entity_id = ${String(id)} ORDER BY id`,
    )
  ).rows;

const approve = (id: number, version: number, headers = admin) =>
  t.app.inject({ method: 'POST', url: '/api/approvals/approve', payload: { id, version }, headers });

const pendingRelease = async (recordId: number) =>
  (
    await t.db.execute<{ id: number; version: number; requested_by: number }>(sql`
      SELECT id::int, version, requested_by FROM approval_requests
      WHERE kind = 'travel_rule_release' AND entity_id = ${String(recordId)} AND status = 'pending'`)
  ).rows[0];

/** Marks verified as the manager, then approves as the admin; answers the record after. */
async function releaseByTwo(id: number, version: number) {
  const asked = await post('records/verify', { id, version });
  expect(asked.json().record, asked.body).toMatchObject({ awaiting_approval: true, version });
  const request = (await pendingRelease(id))!;
  expect((await approve(request.id, request.version)).statusCode).toBe(200);
  return get(`records/detail?id=${id}`);
}

describe('travel rule', () => {
  it('works a record from missing data to complete, masked on the queue, every step audited', async () => {
    const address = `0x${randomUUID().replaceAll('-', '')}`;
    await vaspWithAddress('TR', address);
    // 0.2 = 20,000 TRY: above MASAK's threshold, so an identifier is required and must be verified.
    const opened = await records().open(await transfer('withdrawal', '0.2', address), parties(), system);
    expect(opened).toMatchObject({
      state: 'information_missing',
      jurisdiction: 'TR',
      currency: 'TRY',
      amount_in_currency: '20000',
      wallet_kind: 'vasp',
      missing_fields: ['originator_identifier'],
      verification_required: true,
    });
    expect(opened.deadline).not.toBeNull();

    const refused = await post('records/verify', { id: opened.id, version: opened.version });
    expect([refused.statusCode, refused.json().code, refused.json().params]).toEqual([
      409,
      'TRAVEL_RULE_FIELDS_MISSING',
      { fields: 'originator_identifier' },
    ]);

    const edited = await post('records/update', {
      id: opened.id,
      version: opened.version,
      originator: parties('12345678950').originator,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const record = edited.json().record;
    expect(record).toMatchObject({
      state: 'required_unverified',
      missing_fields: [],
      deadline: null,
      masked: true,
    });
    expect(
      record.originator.originatorPersons[0].naturalPerson.nationalIdentification.nationalIdentifier,
    ).toBe('•••• 8950');
    expect(record.originator.originatorPersons[0].naturalPerson.dateAndPlaceOfBirth.dateOfBirth).toBe(
      '1988-••-••',
    );

    const queue = await get('queue?limit=200');
    const item = queue.items.find((i: { id: number }) => i.id === opened.id);
    expect(item).toMatchObject({
      originator_name: 'Demir, Elif',
      beneficiary_name: 'Kaya',
      originator_identifier: '•••• 8950',
    });
    // Oldest first.
    const created = queue.items.map((i: { created_at: string }) => i.created_at);
    expect([...created].sort()).toEqual(created);
    // The page carries no total: it is asked apart, by the filters alone, and refuses a closed state.
    expect(queue.total).toBeUndefined();
    const open = await get(`queue/count?state=${opened.state}&direction=withdrawal`);
    const paged = (await get(`queue?limit=200&state=${opened.state}&direction=withdrawal`)).items.length;
    expect(open.total).toEqual({ value: paged, exact: true });
    const closed = await t.app.inject({
      url: '/api/compliance/travel-rule/queue/count?state=complete',
      headers: manager,
    });
    expect(closed.statusCode).toBe(400);

    const stale = await post('records/verify', { id: opened.id, version: opened.version });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'STALE_EDIT']);
    // 20,000 TRY is at or above the threshold: the verification waits for a second member (four-eyes).
    const verified = await releaseByTwo(opened.id, record.version);
    expect(verified).toMatchObject({ state: 'complete', state_changed_by: expect.any(String) });
    expect((await get('queue?limit=200')).items.some((i: { id: number }) => i.id === opened.id)).toBe(false);

    const revealed = await post('records/reveal', { id: opened.id });
    expect(revealed.json()).toMatchObject({ masked: false });
    expect(
      revealed.json().originator.originatorPersons[0].naturalPerson.nationalIdentification.nationalIdentifier,
    ).toBe('12345678950');

    const audit = await auditOf(opened.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'verify', 'reveal']);
    // The trail never holds an identity number in clear.
    expect(JSON.stringify(audit)).not.toContain('12345678950');
    expect(audit[2]).toMatchObject({
      before: { state: 'required_unverified' },
      after: { state: 'complete' },
    });
  });

  it('refuses malformed IVMS101 at its field, and a closed record any change', async () => {
    const opened = await records().open(
      await transfer('deposit', '0.01', `0x${randomUUID().slice(0, 12)}`),
      parties(),
      system,
    );
    // Unattributed address, 1,000 TRY: Türkiye's unverified data, and the counterparty must be identified.
    expect(opened).toMatchObject({ state: 'information_missing', missing_fields: ['counterparty_vasp'] });
    const bad = await post('records/update', {
      id: opened.id,
      version: opened.version,
      originator: {
        originatorPersons: [
          {
            naturalPerson: {
              name: { nameIdentifier: [] },
              nationalIdentification: { nationalIdentifier: 'X', nationalIdentifierType: 'PASS' },
              dateAndPlaceOfBirth: { dateOfBirth: '1990-02-30', placeOfBirth: 'Van' },
            },
          },
        ],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual([
      'originator.originatorPersons.0.naturalPerson.dateAndPlaceOfBirth.dateOfBirth',
      'originator.originatorPersons.0.naturalPerson.name.nameIdentifier',
      'originator.originatorPersons.0.naturalPerson.nationalIdentification.nationalIdentifierType',
    ]);

    const asked = await post('records/request-information', {
      id: opened.id,
      version: opened.version,
      note: 'Ask the sending exchange who it is',
      answer_hours: 24,
    });
    expect(asked.json().record).toMatchObject({
      state: 'information_missing',
      state_reason: 'Ask the sending exchange who it is',
    });
    const returned = await post('records/return', {
      id: opened.id,
      version: asked.json().record.version,
      reason: 'No answer within the deadline',
    });
    expect(returned.json().record).toMatchObject({ state: 'returned', deadline: null });
    const again = await post('records/reject', {
      id: opened.id,
      version: returned.json().record.version,
      reason: 'Too late',
    });
    expect([again.statusCode, again.json().code]).toEqual([409, 'TRAVEL_RULE_RECORD_CLOSED']);
    expect((await auditOf(opened.id)).map((a) => a.action)).toEqual([
      'create',
      'request_information',
      'return',
    ]);
  });

  it("the counterparty's stricter jurisdiction wins; a VASP named by records stays", async () => {
    const address = `0x${randomUUID().replaceAll('-', '')}`;
    const vasp = await vaspWithAddress('EU', address);
    // 0.1 = 10,000 TRY (below MASAK's threshold) = 230 EUR (the EU asks from 0).
    const opened = await records().open(await transfer('withdrawal', '0.1', address), parties(), system);
    expect(opened).toMatchObject({
      jurisdiction: 'EU',
      currency: 'EUR',
      amount_in_currency: '230',
      state: 'required_unverified',
    });
    expect(opened.counterparty_vasp_id).toBe(vasp.id);
    const remove = await post('vasps/delete', { id: vasp.id, version: vasp.version }, admin);
    expect([remove.statusCode, remove.json().code]).toEqual([409, 'VASP_IN_USE']);
    const rejected = await post('records/reject', {
      id: opened.id,
      version: opened.version,
      reason: 'Sanctioned counterparty',
    });
    expect(rejected.json().record).toMatchObject({
      state: 'rejected',
      state_reason: 'Sanctioned counterparty',
    });
  });

  it('keeps the VASP directory: admins configure, LEIs are unique, edits are versioned', async () => {
    const body = {
      name: 'Anadolu Kripto A.Ş.',
      lei: '5493001KJTIIGC8Y1R12',
      jurisdiction: 'TR',
      country: 'TR',
      licence: 'SPK-2025-001',
      protocol: 'trp',
      due_diligence: 'pending',
      review_date: '2027-01-15',
    };
    const byManager = await post('vasps/create', body);
    expect([byManager.statusCode, byManager.json().code]).toEqual([403, 'FORBIDDEN']);
    const created = await post('vasps/create', body, admin);
    expect(created.statusCode, created.body).toBe(200);
    const vasp = created.json().vasp;
    const twice = await post('vasps/create', { ...body, name: 'Copy' }, admin);
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'VASP_LEI_TAKEN']);
    const badLei = await post('vasps/create', { ...body, lei: '5493001KJTIIGC8Y1R13' }, admin);
    expect(badLei.json().issues[0]).toMatchObject({ path: 'lei', params: { rule: 'ivms_lei' } });

    const updated = await post(
      'vasps/update',
      { ...body, id: vasp.id, version: vasp.version, due_diligence: 'approved' },
      admin,
    );
    expect(updated.json().vasp).toMatchObject({ due_diligence: 'approved', version: vasp.version + 1 });
    const stale = await post('vasps/update', { ...body, id: vasp.id, version: vasp.version }, admin);
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'STALE_EDIT']);

    const selfHosted = await post(
      'vasps/addresses/add',
      {
        vasp_id: null,
        self_hosted: true,
        network: 'BTC',
        address: `bc1q${randomUUID().slice(0, 12)}`,
        customer_id: await customerOf(await transfer('deposit', '0.001', `bc1q${randomUUID().slice(0, 8)}`)),
      },
      admin,
    );
    // Its proof is recorded later, with the evidence (self-hosted-evidence.routes.test.ts).
    expect(selfHosted.json().address).toMatchObject({ self_hosted: true, proof_method: null });
    const mixed = await post(
      'vasps/addresses/add',
      { vasp_id: vasp.id, self_hosted: true, network: 'BTC', address: 'bc1qmixed' },
      admin,
    );
    expect(mixed.json().issues[0]).toMatchObject({
      path: 'vasp_id',
      params: { rule: 'vasp_or_self_hosted' },
    });
    const range = await post(
      'vasps/addresses/add',
      { vasp_id: vasp.id, network: 'TRC20', address: 'TXanadolu', is_prefix: true },
      admin,
    );
    const dup = await post(
      'vasps/addresses/add',
      { vasp_id: vasp.id, network: 'TRC20', address: 'TXanadolu' },
      admin,
    );
    expect([dup.statusCode, dup.json().code]).toEqual([409, 'VASP_ADDRESS_EXISTS']);
    const detail = await get(`vasps/detail?id=${vasp.id}`);
    expect(detail.addresses.map((a: { address: string }) => a.address)).toEqual(['TXanadolu']);
    expect((await post('vasps/addresses/remove', { id: range.json().address.id }, admin)).statusCode).toBe(
      200,
    );
    const list = await get('vasps?q=anadolu');
    expect(list.items.map((v: { id: number }) => v.id)).toContain(vasp.id);
    expect((await post('vasps/delete', { id: vasp.id, version: vasp.version + 1 }, admin)).statusCode).toBe(
      200,
    );
  });

  it('holds the rules per jurisdiction as a versioned, audited setting with the defaults', async () => {
    const settings = await get('settings');
    expect(settings).toMatchObject({ home: 'TR', version: 0 });
    expect(settings.rules.TR).toMatchObject({ currency: 'TRY', threshold: '15000', retention_years: 8 });
    expect(settings.rules.EU).toMatchObject({ threshold: '0', self_hosted_proof_from: '1000' });
    expect(settings.rules.FATF.threshold).toBe('1000');
    expect(settings.rules.US.threshold).toBe('3000');
    const rules = { ...settings.rules, US: { ...settings.rules.US, threshold: '2500' } };
    const byManager = await post('settings/update', { rules, version: 0 });
    expect(byManager.statusCode).toBe(403);
    const changed = await post('settings/update', { rules, version: 0 }, admin);
    expect(changed.json().settings).toMatchObject({ version: 1, rules: { US: { threshold: '2500' } } });
    const same = await post('settings/update', { rules, version: 1 }, admin);
    expect(same.json().settings.version).toBe(1);
    const stale = await post('settings/update', { rules: settings.rules, version: 0 }, admin);
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'STALE_EDIT']);
  });

  it('releases a withdrawal at or above the threshold only with a second member; below it, one', async () => {
    const complete = parties('12345678950');
    const [to, toSmall] = [`0x${randomUUID().replaceAll('-', '')}`, `0x${randomUUID().replaceAll('-', '')}`];
    await vaspWithAddress('TR', to);
    await vaspWithAddress('TR', toSmall);
    // 0.2 = 20,000 TRY: at or above MASAK's 15,000.
    const big = await records().open(await transfer('withdrawal', '0.2', to), complete, system);
    // 0.1 = 10,000 TRY: below it, the data travels unverified and one officer completes it.
    const small = await records().open(await transfer('withdrawal', '0.1', toSmall), complete, system);
    expect([big.state, small.state]).toEqual(['required_unverified', 'required_unverified']);

    const one = await post('records/verify', { id: small.id, version: small.version });
    expect(one.json().record).toMatchObject({ state: 'complete', awaiting_approval: false });
    expect(await pendingRelease(small.id)).toBeUndefined();

    const asked = await post('records/verify', { id: big.id, version: big.version }, admin);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().record).toMatchObject({ state: 'required_unverified', awaiting_approval: true });
    const queued = (await get('queue?limit=200')).items.find((i: { id: number }) => i.id === big.id);
    expect(queued).toMatchObject({ awaiting_approval: true });
    const again = await post('records/verify', { id: big.id, version: big.version });
    expect([again.statusCode, again.json().code]).toEqual([409, 'TRAVEL_RULE_APPROVAL_PENDING']);

    const request = (await pendingRelease(big.id))!;
    const byManager = await approve(request.id, request.version, manager);
    expect([byManager.statusCode, byManager.json().code]).toEqual([403, 'FORBIDDEN']);
    // The one who asked may not approve their own request.
    const own = await approve(request.id, request.version, admin);
    expect([own.statusCode, own.json().code]).toEqual([409, 'APPROVAL_OWN_REQUEST']);
    const approved = await approve(request.id, request.version, superMember);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await get(`records/detail?id=${big.id}`)).toMatchObject({
      state: 'complete',
      awaiting_approval: false,
    });
    const trail = await t.db.execute<{ entity: string; action: string }>(sql`
      SELECT entity, action FROM audit_log
      WHERE (entity = 'travel_rule_record' AND entity_id = ${String(big.id)})
         OR (entity = 'approval_request' AND entity_id = ${String(request.id)})
      ORDER BY id`);
    expect(trail.rows.map((r) => `${r.entity}:${r.action}`)).toEqual([
      'travel_rule_record:create',
      'approval_request:request_approval',
      // The approval applies the verification, then records its own decision, in one transaction.
      'travel_rule_record:verify',
      'approval_request:approve',
    ]);
  });
});
