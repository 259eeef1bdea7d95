import { randomUUID } from 'node:crypto';
import type { TravelRuleParties } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { createChanges } from '../../platform/audit/changes.ts';
import { createTravelRuleService } from './travel-rule.service.ts';
import { createTravelRuleRecordsRepository } from './travel-rule-records.repository.ts';

/**
 * Customers' self-hosted wallets (decision 0026): listed with a missing proof first, a proof of
 * ownership recorded by an officer at the version read, and the open records resting on the wallet
 * evaluated again — each step audited.
 */
const t = useTestApp();
const manager = t.session('manager');
const admin = t.session('admin');

const post = (url: string, payload: unknown, headers = manager) =>
  t.app.inject({
    method: 'POST',
    url: `/api/compliance/travel-rule/${url}`,
    payload: payload as never,
    headers,
  });
const get = (url: string, headers = manager) =>
  t.app.inject({ url: `/api/compliance/travel-rule/${url}`, headers });

const system = { memberId: null, requestId: 'self-hosted-test' };
const records = () =>
  createTravelRuleService({
    db: t.db,
    repo: createTravelRuleRecordsRepository(),
    changes: createChanges(t.db),
    clock: t.clock,
    home: 'TR',
  });

const person = (family: string) => ({
  naturalPerson: { name: { nameIdentifier: [{ primaryIdentifier: family, nameIdentifierType: 'LEGL' }] } },
});
const parties = (address: string): TravelRuleParties => ({
  originator: { originatorPersons: [person('Demir') as never], accountNumber: ['0xorigin0001'] },
  beneficiary: { beneficiaryPersons: [person('Demir') as never], accountNumber: [address] },
  originating_vasp: null,
  beneficiary_vasp: null,
});

/** A customer's withdrawal of an asset of this test to `address`, priced 1 = 10,000 of each currency. */
async function withdrawal(address: string): Promise<{ transactionId: number; customerId: number }> {
  const asset = `SH${randomUUID().slice(0, 6).toUpperCase()}`;
  for (const quote of ['TRY', 'USD', 'EUR'])
    await t.db.execute(sql`
      INSERT INTO asset_rates (external_id, asset, quote, rate, at, external_version, received_at)
      VALUES (${randomUUID()}, ${asset}, ${quote}, '10000', now() - interval '1 day', 1, now())`);
  const customer = await t.db.execute<{ id: number }>(
    sql`INSERT INTO customers (user_name) VALUES (${`sh_${randomUUID().slice(0, 8)}`}) RETURNING id::int`,
  );
  const customerId = customer.rows[0]!.id;
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, to_address, status)
    VALUES (${customerId}, 'withdrawal', ${asset}, 'BTC', '1', ${address}, 'pending') RETURNING id::int`);
  return { transactionId: rows[0]!.id, customerId };
}

const addSelfHosted = (customerId: number | null, address: string, network = 'btc') =>
  post(
    'vasps/addresses/add',
    { vasp_id: null, self_hosted: true, network, address, customer_id: customerId },
    admin,
  );

/** A Bitcoin message signature as wallets print it (base64): Backdesk keeps it, the officer checks it. */
const BTC_SIGNATURE = 'H0pDdWJpY2xlIG9mIGEgQml0Y29pbiBzaWduYXR1cmUgaW4gYmFzZTY0IGZvcm0uLi4uLi4uLi4uLi4uLi4=';
const signedProof = (address: string) => ({
  proof_method: 'signed_message',
  message: `I, the customer, own ${address}. Challenge: 7f3a91`,
  signature: BTC_SIGNATURE,
});

describe('self-hosted wallets', () => {
  it('records a proof of ownership, and the records resting on the wallet no longer miss it', async () => {
    // A self-hosted wallet needs a proof from 1,000 TRY under this test's rule (MASAK's holds none).
    const settings = (await get('settings')).json();
    const rules = { ...settings.rules, TR: { ...settings.rules.TR, self_hosted_proof_from: '1000' } };
    expect((await post('settings/update', { rules, version: settings.version }, admin)).statusCode).toBe(200);

    const address = `bc1q${randomUUID().replaceAll('-', '').slice(0, 20)}`;
    const { transactionId, customerId } = await withdrawal(address);
    const added = await addSelfHosted(customerId, address);
    expect(added.statusCode, added.body).toBe(200);
    const wallet = added.json().address;
    expect(wallet).toMatchObject({ customer_id: customerId, proof_method: null, version: 1 });
    const record = await records().open(transactionId, parties(address), system);
    expect(record.wallet_kind).toBe('self_hosted');
    expect(record.missing_fields).toContain('self_hosted_proof');

    // Listed with its customer and the open record; a wallet with a proof comes after it.
    const proved = await addSelfHosted(customerId, `${address}p`);
    const deposit = await t.db.execute<{ tx_hash: string }>(sql`
      INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, from_address, tx_hash, status)
      VALUES (${customerId}, 'deposit', 'BTC', 'BTC', '0.0001', ${`${address}p`},
        ${randomUUID().replaceAll('-', '').repeat(2)}, 'completed') RETURNING tx_hash`);
    const byTransfer = await post('self-hosted/proof', {
      id: proved.json().address.id,
      version: 1,
      proof_method: 'test_transfer',
      tx_hash: deposit.rows[0]!.tx_hash,
    });
    expect(byTransfer.statusCode, byTransfer.body).toBe(200);
    const list = (await get(`self-hosted?customerId=${customerId}`)).json();
    expect(list.items.map((w: { id: number }) => w.id)).toEqual([wallet.id, proved.json().address.id]);
    expect(list.items[0]).toMatchObject({ user_name: expect.stringMatching(/^sh_/), open_records: 1 });
    const missing = (await get(`self-hosted?proof=missing&q=${address}`)).json();
    expect(missing.items.map((w: { id: number }) => w.id)).toEqual([wallet.id]);
    expect((await get('self-hosted?proof=sometimes')).statusCode).toBe(400);

    // A manager decides it: the proof, who checked it and when; the record is evaluated again.
    const bad = await post('self-hosted/proof', { id: wallet.id, version: 1, proof_method: 'a selfie' });
    expect(bad.json().issues[0]).toMatchObject({ path: 'proof_method' });
    const done = await post('self-hosted/proof', { id: wallet.id, version: 1, ...signedProof(address) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().wallet).toMatchObject({
      proof_method: 'signed_message',
      proof_message: signedProof(address).message,
      proof_signature: BTC_SIGNATURE,
      // Backdesk cannot verify a Bitcoin signature: the officer vouches for it.
      proof_verified_by: 'officer',
      proof_checked_by: expect.any(String),
      proof_checked_at: expect.any(String),
      version: 2,
    });
    const stale = await post('self-hosted/proof', { id: wallet.id, version: 1, ...signedProof(address) });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'STALE_EDIT']);
    const after = (await get(`records/detail?id=${record.id}`)).json();
    expect(after.missing_fields).not.toContain('self_hosted_proof');
    expect(after.self_hosted_proof).toMatchObject({ method: 'signed_message' });

    const trail = await t.db.execute<{ entity: string; action: string; customer_id: number }>(sql`
      SELECT entity, action, customer_id::int FROM audit_log
      WHERE (entity = 'vasp_address' AND entity_id = ${String(wallet.id)})
         OR (entity = 'travel_rule_record' AND entity_id = ${String(record.id)})
      ORDER BY id`);
    expect(trail.rows.map((r) => `${r.entity}:${r.action}:${r.customer_id}`)).toEqual([
      `vasp_address:add:${customerId}`,
      `travel_rule_record:create:${customerId}`,
      `travel_rule_record:reevaluate:${customerId}`,
      `vasp_address:record_proof:${customerId}`,
    ]);
  });

  it('refuses a wallet without its customer, a proof on a VASP address, and an unknown one', async () => {
    const noCustomer = await addSelfHosted(null, `bc1q${randomUUID().slice(0, 12)}`);
    expect(noCustomer.json().issues[0]).toMatchObject({
      path: 'customer_id',
      params: { rule: 'self_hosted_customer' },
    });
    const unknownCustomer = await addSelfHosted(2_000_000_000, `bc1q${randomUUID().slice(0, 12)}`);
    expect([unknownCustomer.statusCode, unknownCustomer.json().code]).toEqual([404, 'CUSTOMER_NOT_FOUND']);

    const { rows } = await t.db.execute<{ id: number }>(
      sql`INSERT INTO vasps (name, protocol) VALUES ('Peer of the proof test', 'none') RETURNING id`,
    );
    const vaspAddress = await post(
      'vasps/addresses/add',
      { vasp_id: rows[0]!.id, network: 'BTC', address: `bc1q${randomUUID().slice(0, 12)}` },
      admin,
    );
    const onVasp = await post('self-hosted/proof', {
      id: vaspAddress.json().address.id,
      version: 1,
      ...signedProof(vaspAddress.json().address.address),
    });
    expect([onVasp.statusCode, onVasp.json().code]).toEqual([409, 'VASP_ADDRESS_NOT_SELF_HOSTED']);
    const unknown = await post('self-hosted/proof', { id: 2_000_000_000, version: 1, ...signedProof('x') });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'VASP_ADDRESS_NOT_FOUND']);
  });
});
