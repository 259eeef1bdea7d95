import { randomBytes, randomUUID } from 'node:crypto';
import { publicApi } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, createPool, type Db } from '../src/db/client.ts';
import { newCustomer, walletTx } from '../src/modules/compliance/fraud/engine/test-fixtures.ts';
import {
  createTrpTokenBox,
  credentialHash,
  outboundRow,
} from '../src/modules/compliance/travel-rule/trp/trp-credentials.ts';
import { createTestIntegration, type TestIntegration } from '../src/test/integration-key.ts';
import { until } from './eventually.ts';
import { createTestDatabase, startTestServer, type TestDatabase, type TestServer } from './test-server.ts';

/**
 * Two Backdesk deployments as two exchanges on loopback (decision 0030), each with its own database
 * and the other in its VASP directory over TRP: a withdrawal of A's customer to a customer of B
 * travels, is approved and confirmed, and both records end complete; an inquiry naming another
 * beneficiary is rejected and A's withdrawal check blocks it.
 */
const SECRET = 'e2e-secret-'.padEnd(40, 'x'); // startTestServer's APP_SECRET
const env = { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: '1', WEBHOOK_TIMEOUT_MS: '3000' };

interface Exchange {
  database: TestDatabase;
  owner: pg.Pool;
  db: Db;
  server: TestServer;
  /** The other exchange, as this one's directory holds it. */
  peerId: number;
  wallet: TestIntegration;
  checks: TestIntegration;
}

let a: Exchange;
let b: Exchange;
const token = () => `tok_${randomBytes(24).toString('base64url')}`;

async function exchange(): Promise<Exchange> {
  const database = await createTestDatabase();
  const owner = createPool(database.url, 4);
  const db = createDb(owner);
  const server = await startTestServer({ database, env });
  const wallet = await createTestIntegration(db, { scopes: ['ingest:wallet'] });
  const checks = await createTestIntegration(db, { scopes: ['checks:withdrawal'] });
  return { database, owner, db, server, peerId: 0, wallet, checks };
}

/** `self` holds `peer` in its directory over TRP: where it is, its token for us, ours for it. */
async function link(self: Exchange, peer: Exchange, name: string, tokens: { ours: string; theirs: string }) {
  const { rows } = await self.db.execute<{ id: number }>(sql`
    INSERT INTO vasps (name, jurisdiction, country, protocol, due_diligence)
    VALUES (${name}, 'TR', 'TR', 'trp', 'approved') RETURNING id`);
  const id = Number(rows[0]!.id);
  await self.db.execute(sql`
    UPDATE vasps SET trp_url = ${`${peer.server.url}/trp/v1`}, trp_inbound_hash = ${credentialHash(tokens.ours)},
      trp_outbound_sealed = ${createTrpTokenBox(SECRET).seal(outboundRow(id), tokens.theirs)}
    WHERE id = ${id}`);
  self.peerId = id;
}

beforeAll(async () => {
  [a, b] = await Promise.all([exchange(), exchange()]);
  const aToB = token();
  const bToA = token();
  await link(a, b, 'Borsa B', { ours: bToA, theirs: aToB });
  await link(b, a, 'Borsa A', { ours: aToB, theirs: bToA });
}, 150_000);

afterAll(async () => {
  for (const x of [a, b]) {
    if (!x) continue;
    await x.server.stop();
    await x.owner.end();
  }
});

const post = (x: Exchange, path: string, key: string, body: unknown) =>
  fetch(`${x.server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** The status of a one-item batch's item. */
const applied = async (res: Response) =>
  ((await res.json()) as { results: Array<{ status: string }> }).results[0]!.status;

const person = (family: string, given: string, identifier?: string) => ({
  naturalPerson: {
    name: {
      nameIdentifier: [{ primaryIdentifier: family, secondaryIdentifier: given, nameIdentifierType: 'LEGL' }],
    },
    ...(identifier
      ? {
          nationalIdentification: {
            nationalIdentifier: identifier,
            nationalIdentifierType: 'RAID',
            countryOfIssue: 'TR',
          },
        }
      : {}),
  },
});

/** B's customer Ayşe Işık, whose deposits arrive at `address` (the exchange gave it to her). */
async function beneficiaryAtB() {
  const c = await newCustomer(b.db, 'trp_b');
  await b.db.execute(
    sql`UPDATE customers SET alias_name = 'Ayşe', alias_surname = 'Işık' WHERE id = ${c.id}`,
  );
  const address = `T${randomUUID().replaceAll('-', '').slice(0, 30)}`;
  await walletTx(b.db, c.id, [
    {
      type: 'deposit',
      at: new Date(Date.now() - 86_400_000),
      amount: '5',
      asset: 'USDT',
      network: 'TRC20',
      to: address,
    },
  ]);
  // A's directory attributes the address to B.
  await a.db.execute(
    sql`INSERT INTO vasp_addresses (vasp_id, network, address) VALUES (${a.peerId}, 'TRC20', ${address})`,
  );
  return { customer: c, address };
}

/** A's customer withdraws 1,000 USDT (above MASAK's 15,000 TRY) to `to`, naming the beneficiary. */
async function withdrawFromA(
  to: string,
  beneficiary: { family: string; given: string },
  over: Record<string, unknown> = {},
) {
  const c = await newCustomer(a.db, 'trp_a');
  const item = {
    externalId: `wd-${randomUUID()}`,
    version: 1,
    customerExternalId: c.externalId,
    type: 'withdrawal',
    asset: 'USDT',
    network: 'TRC20',
    amount: '1000',
    toAddress: to,
    status: 'pending',
    createdAt: new Date().toISOString(),
    travelRule: {
      originator: {
        originatorPersons: [person('Demir', 'Elif', '12345678901')],
        accountNumber: ['TOrigin0001'],
      },
      beneficiary: {
        beneficiaryPersons: [person(beneficiary.family, beneficiary.given)],
        accountNumber: [to],
      },
      beneficiaryVasp: { id: a.peerId },
    },
    ...over,
  };
  const res = await post(a, publicApi.ingestWalletTransactions.path, a.wallet.key, [item]);
  expect(res.status).toBe(200);
  expect(await applied(res)).toBe('applied');
  return { customer: c, item };
}

const recordAt = async (x: Exchange, externalId: string) =>
  (
    await x.db.execute<{ id: number; state: string; state_reason: string | null; held: boolean }>(sql`
      SELECT r.id, r.state, r.state_reason, r.held FROM travel_rule_records r
        JOIN wallet_transactions w ON w.id = r.transaction_id WHERE w.external_id = ${externalId}`)
  ).rows[0];
const trpAt = async (x: Exchange, role: 'originator' | 'beneficiary', address: string) =>
  (
    await x.db.execute<{
      id: number;
      request_id: string;
      status: string;
      reason: string | null;
      txid: string | null;
      record_id: number | null;
    }>(sql`
      SELECT id, request_id::text, status, reason, txid, record_id FROM trp_transfers
       WHERE role = ${role} AND address = ${address} ORDER BY id DESC LIMIT 1`)
  ).rows[0];
const checkAtA = async (withdrawalId: string, customer: string, to: string) => {
  const res = await post(a, publicApi.checkWithdrawal.path, a.checks.key, {
    withdrawalId,
    customer: { externalId: customer },
    asset: 'USDT',
    network: 'TRC20',
    amount: '1000',
    toAddress: to,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { decision: string; reasons: Array<{ code: string }> };
};
const LONG = { timeoutMs: 30_000 };

describe('TRP between two Backdesk exchanges on loopback', () => {
  it('a withdrawal to a customer of B travels, is approved and confirmed: both records end complete', async () => {
    const { customer: ayse, address } = await beneficiaryAtB();
    const { customer, item } = await withdrawFromA(address, { family: 'IŞIK', given: 'AYŞE' });

    // A sent the inquiry (a job), B matched Ayşe by the address and her name, and its answer came back.
    await until(
      async () => (await recordAt(a, item.externalId))?.state === 'complete',
      "A's record complete",
      LONG,
    );
    expect((await recordAt(a, item.externalId))!.state_reason).toBe('TRP: approved by Borsa B');
    const atB = (await trpAt(b, 'beneficiary', address))!;
    const atA = (await trpAt(a, 'originator', address))!;
    expect(atB).toMatchObject({ status: 'approved', reason: null, record_id: null });
    expect(atA).toMatchObject({ status: 'approved', request_id: atB.request_id });
    // The check lets the approved withdrawal go.
    expect((await checkAtA(item.externalId, customer.externalId, address)).decision).toBe('allow');

    // Sent on chain: A confirms the txid to B.
    const txid = `0x${randomBytes(16).toString('hex')}`;
    const sent = await post(a, publicApi.ingestWalletTransactions.path, a.wallet.key, [
      { ...item, version: 2, status: 'completed', txHash: txid },
    ]);
    expect(await applied(sent)).toBe('applied');
    await until(
      async () => (await trpAt(b, 'beneficiary', address))?.status === 'confirmed',
      'B confirmed',
      LONG,
    );
    expect((await trpAt(b, 'beneficiary', address))!.txid).toBe(txid);
    await until(
      async () => (await trpAt(a, 'originator', address))?.status === 'confirmed',
      'A confirmed',
      LONG,
    );

    // The deposit arrives at B: its record opens complete with the originator's data from the inquiry.
    const deposit = {
      externalId: `dp-${randomUUID()}`,
      version: 1,
      customerExternalId: ayse.externalId,
      type: 'deposit',
      asset: 'USDT',
      network: 'TRC20',
      amount: '1000',
      fromAddress: 'TOrigin0001',
      toAddress: address,
      txHash: txid,
      status: 'completed',
      createdAt: new Date().toISOString(),
    };
    const arrived = await post(b, publicApi.ingestWalletTransactions.path, b.wallet.key, [deposit]);
    expect(await applied(arrived)).toBe('applied');
    const recordB = (await recordAt(b, deposit.externalId))!;
    expect(recordB).toMatchObject({ state: 'complete', held: false });
    const parties = await b.db.execute<{ name: string }>(sql`
      SELECT originator->'originatorPersons'->0->'naturalPerson'->'name'->'nameIdentifier'->0->>'primaryIdentifier' AS name
        FROM travel_rule_records WHERE id = ${recordB.id}`);
    expect(parties.rows[0]!.name).toBe('Demir');
    expect((await trpAt(b, 'beneficiary', address))!.record_id).toBe(Number(recordB.id));

    // Each side audited the counterparty's moves with the counterparty as the actor.
    const audited = async (x: Exchange, entity: string, id: number) =>
      (
        await x.db.execute<{ action: string; vasp_id: number | null; member_id: number | null }>(sql`
          SELECT action, vasp_id, member_id FROM audit_log WHERE entity = ${entity} AND entity_id = ${String(id)} ORDER BY id`)
      ).rows;
    expect(await audited(b, 'trp_transfer', atB.id)).toEqual([
      { action: 'approve', vasp_id: b.peerId, member_id: null },
      { action: 'confirm', vasp_id: b.peerId, member_id: null },
    ]);
    const recordA = (await recordAt(a, item.externalId))!;
    expect(await audited(a, 'travel_rule_record', recordA.id)).toContainEqual({
      action: 'verify',
      vasp_id: a.peerId,
      member_id: null,
    });
    // And the completion went to A's outbox as the travel rule's own event, naming the VASP.
    const events = await a.db.execute<{ type: string; actor: { kind: string; name: string } }>(sql`
      SELECT type, payload->'actor' AS actor FROM outbox_events
       WHERE payload->'subject'->>'kind' = 'travel_rule_record' AND payload->'subject'->>'id' = ${String(recordA.id)}`);
    expect(events.rows).toContainEqual({
      type: 'travel_rule.completed',
      actor: { kind: 'vasp', id: a.peerId, name: 'Borsa B' },
    });
  });

  it('an inquiry with the wrong beneficiary name is rejected, and A holds the withdrawal', async () => {
    const { address } = await beneficiaryAtB();
    const { customer, item } = await withdrawFromA(address, { family: 'Işık', given: 'Ayten' });
    await until(
      async () => (await recordAt(a, item.externalId))?.state === 'rejected',
      "A's record rejected",
      LONG,
    );
    expect(await recordAt(a, item.externalId)).toMatchObject({
      state_reason: 'TRP: The beneficiary name does not match our customer',
    });
    expect(await trpAt(b, 'beneficiary', address)).toMatchObject({
      status: 'rejected',
      reason: 'The beneficiary name does not match our customer',
    });
    const answer = await checkAtA(item.externalId, customer.externalId, address);
    expect(answer.decision).toBe('block');
    expect(answer.reasons.map((r) => r.code)).toContain('TRAVEL_RULE_REJECTED');
  });
});
