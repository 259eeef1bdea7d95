import { randomUUID } from 'node:crypto';
import { complianceApi, publicApi } from '@backdesk/contract';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { createTestIntegration, type TestIntegration } from '../../../test/integration-key.ts';
import { freshAddress, testPerson } from '../../../test/ivms-fixtures.ts';
import { type ReceivedWebhook, startWebhookReceiver } from '../../../test/webhook-receiver.ts';
import { newCustomer } from '../../compliance/fraud/engine/test-fixtures.ts';
import { signWebhook } from './webhook-signing.ts';

// An exchange's receiver of the travel-rule events (decision 0026), verifying each delivery with the
// Standard Webhooks reference library and holding its body to the schema the public OpenAPI document
// gives that event type. The events come from what really makes them: a withdrawal the check held,
// a deposit from a VASP held for missing data, and the officers' request, return, reject and verify.
const t = useTestApp({
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: '1',
  WEBHOOK_RETRY_SCALE: '0',
  WEBHOOK_TIMEOUT_MS: '500',
});
const manager = t.session('manager');
const admin = t.session('admin');
const PATH = '/travel-rule-hook';
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let exchange: TestIntegration;
let secret: string;
let webhooks: Record<
  string,
  { post: { requestBody: { content: { 'application/json': { schema: object } } } } }
>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  exchange = await createTestIntegration(t.db, {
    scopes: ['ingest:wallet', 'checks:withdrawal', 'events:read'],
  });
  const endpoint = await t.app.outbox.endpoints.create(
    { memberId: null, requestId: `test-${randomUUID()}` },
    {
      integrationId: exchange.integrationId,
      url: `${receiver.base}${PATH}`,
      eventTypes: [...publicApi.TRAVEL_RULE_EVENT_TYPES],
    },
  );
  secret = endpoint.secret;
  const doc = await t.app.inject({ url: '/api/v1/openapi.json' });
  expect(doc.statusCode).toBe(200);
  webhooks = doc.json().webhooks;
});
afterAll(() => receiver.close());

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
const validators = new Map<string, ReturnType<typeof ajv.compile>>();
/** The body against the schema the public OpenAPI document gives its event type. */
function documented(type: string, body: unknown) {
  let validate = validators.get(type);
  if (!validate) {
    const schema = webhooks[type]?.post.requestBody.content['application/json'].schema;
    expect(schema, `${type} is documented as a webhook`).toBeDefined();
    validate = ajv.compile(schema!);
    validators.set(type, validate);
  }
  return { ok: validate(body) as boolean, errors: validate.errors };
}

const bearer = { authorization: '', 'content-type': 'application/json' };
const asExchange = (url: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer, authorization: `Bearer ${exchange.key}` },
    payload: JSON.stringify(payload),
  });
const staff = (path: string, payload: unknown, headers = manager) =>
  t.app.inject({
    method: 'POST',
    url: `/api/compliance/travel-rule/${path}`,
    payload: payload as never,
    headers,
  });

const address = freshAddress;
const person = (family: string, identifier?: string) =>
  testPerson(family, 'Deniz', { identifier, birthDate: '1988-04-12' });
const IDENTITY = '34567890123';

async function vaspWith(from?: string) {
  const created = await staff(
    'vasps/create',
    {
      name: `Karşı Borsa ${randomUUID().slice(0, 6)}`,
      lei: complianceApi.leiWithCheckDigits(
        `5493${randomUUID().replaceAll('-', '').slice(0, 14).toUpperCase()}`,
      ),
      jurisdiction: 'TR',
      country: 'TR',
      licence: null,
      protocol: 'email',
      due_diligence: 'approved',
      review_date: '2027-06-30',
    },
    admin,
  );
  expect(created.statusCode, created.body).toBe(200);
  const v = created.json().vasp as { id: number };
  if (from) {
    const added = await staff(
      'vasps/addresses/add',
      { vasp_id: v.id, network: 'TRC20', address: from },
      admin,
    );
    expect(added.statusCode, added.body).toBe(200);
  }
  return v;
}

/** A small withdrawal with every field (below MASAK's threshold, so one officer's verification stands). */
async function sendWithdrawal(customer: string, vaspId: number) {
  const to = address();
  const item = {
    externalId: `wd-${randomUUID()}`,
    version: 1,
    customerExternalId: customer,
    type: 'withdrawal',
    asset: 'USDT',
    network: 'TRC20',
    amount: '10',
    toAddress: to,
    status: 'pending',
    createdAt: new Date().toISOString(),
    travelRule: {
      originator: { originatorPersons: [person('Aksoy', IDENTITY)], accountNumber: ['TMyAccount0001'] },
      beneficiary: { beneficiaryPersons: [person('Kaplan')], accountNumber: [to] },
      beneficiaryVasp: { id: vaspId },
    },
  };
  const res = await asExchange(publicApi.ingestWalletTransactions.path, [item]);
  expect(res.json().results[0].status, res.body).toBe('applied');
  return item.externalId;
}

async function recordOf(externalId: string) {
  const { rows } = await t.pool.query<{ id: number; version: number }>(
    `SELECT r.id::int, r.version FROM travel_rule_records r JOIN wallet_transactions w ON w.id = r.transaction_id
      WHERE w.external_id = $1`,
    [externalId],
  );
  expect(rows[0], `the record of ${externalId}`).toBeDefined();
  return rows[0]!;
}

async function drain() {
  for (let i = 0; i < 50; i++) await t.app.outbox.tick();
}

const headersOf = (d: ReceivedWebhook) => ({
  'webhook-id': String(d.headers['webhook-id']),
  'webhook-timestamp': String(d.headers['webhook-timestamp']),
  'webhook-signature': String(d.headers['webhook-signature']),
});

describe('travel-rule events received as Standard Webhooks', () => {
  let customer: Awaited<ReturnType<typeof newCustomer>>;
  let mine: ReceivedWebhook[] = [];
  const byType = (type: string) => mine.filter((d) => JSON.parse(d.body).type === type);

  beforeAll(async () => {
    customer = await newCustomer(t.db, 'tr_hook');
    const vasp = await vaspWith();
    // A withdrawal the check held for want of data: its record asks for it (info_requested, the rule's move).
    const held = await asExchange(publicApi.checkWithdrawal.path, {
      withdrawalId: `wd-${randomUUID()}`,
      customer: { externalId: customer.externalId },
      asset: 'USDT',
      network: 'TRC20',
      amount: '1000',
      toAddress: address(),
    });
    expect(held.json()).toMatchObject({ decision: 'review', reasons: [{ code: 'TRAVEL_RULE_MISSING' }] });
    // A deposit from an address of a VASP, sent without its data: held.
    const from = address();
    await vaspWith(from);
    const deposit = await asExchange(publicApi.ingestWalletTransactions.path, [
      {
        externalId: `dep-${randomUUID()}`,
        version: 1,
        customerExternalId: customer.externalId,
        type: 'deposit',
        asset: 'USDT',
        network: 'TRC20',
        amount: '10',
        fromAddress: from,
        status: 'completed',
        createdAt: new Date().toISOString(),
      },
    ]);
    expect(deposit.json().results[0].status, deposit.body).toBe('applied');
    // The officers: request information then return one, reject another, verify a third.
    const asked = await recordOf(await sendWithdrawal(customer.externalId, vasp.id));
    const request = await staff('records/request-information', {
      id: asked.id,
      version: asked.version,
      note: 'Please send the beneficiary’s passport number',
    });
    expect(request.statusCode, request.body).toBe(200);
    const returned = await staff('records/return', {
      id: asked.id,
      version: request.json().record.version,
      reason: 'No answer in time',
    });
    expect(returned.statusCode, returned.body).toBe(200);
    const refused = await recordOf(await sendWithdrawal(customer.externalId, vasp.id));
    const rejected = await staff('records/reject', {
      id: refused.id,
      version: refused.version,
      reason: 'Beneficiary name mismatch',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const good = await recordOf(await sendWithdrawal(customer.externalId, vasp.id));
    const verified = await staff('records/verify', { id: good.id, version: good.version });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().record.state).toBe('complete');
    await drain();
    mine = receiver.all.filter((d) => d.url === PATH && JSON.parse(d.body).data.customer?.id === customer.id);
  });

  it('delivers each of held, info_requested, returned, rejected and completed, from who made it', () => {
    const seen = mine.map((d) => {
      const e = JSON.parse(d.body) as publicApi.BackdeskEvent;
      return [e.type, e.data.actor.kind] as const;
    });
    expect(new Set(seen.map(([type]) => type))).toEqual(new Set(publicApi.TRAVEL_RULE_EVENT_TYPES));
    expect(seen).toEqual(
      expect.arrayContaining([
        ['travel_rule.info_requested', 'integration'],
        ['travel_rule.held', 'integration'],
        ['travel_rule.info_requested', 'member'],
        ['travel_rule.returned', 'member'],
        ['travel_rule.rejected', 'member'],
        ['travel_rule.completed', 'member'],
      ]),
    );
  });

  it("verifies every delivery with the library and the endpoint's secret; the body is the feed's event", async () => {
    const feed = await t.app.inject({
      url: '/api/v1/events?limit=1000',
      headers: { authorization: `Bearer ${exchange.key}` },
    });
    const events = new Map((feed.json().events as publicApi.BackdeskEvent[]).map((e) => [e.id, e] as const));
    for (const d of mine) {
      const verified = new Webhook(secret).verify(d.body, headersOf(d)) as publicApi.BackdeskEvent;
      expect(verified.id).toBe(headersOf(d)['webhook-id']);
      expect(verified).toEqual(events.get(verified.id));
    }
  });

  it('matches, field for field, the schema the public OpenAPI document gives its type', () => {
    for (const d of mine) {
      const body = JSON.parse(d.body);
      const { ok, errors } = documented(body.type, body);
      expect(ok, `${body.type}: ${JSON.stringify(errors)}`).toBe(true);
    }
    // The document refuses what it does not name: a field it does not document, or one in clear.
    const body = JSON.parse(byType('travel_rule.held')[0]!.body);
    expect(
      documented('travel_rule.held', {
        ...body,
        data: { ...body.data, changes: { ...body.data.changes, tier: { before: null, after: 1 } } },
      }).ok,
    ).toBe(false);
    expect(documented('travel_rule.rejected', body).ok).toBe(false);
    const withdrawal = JSON.parse(
      byType('travel_rule.info_requested').find((d) => JSON.parse(d.body).data.actor.kind === 'integration')!
        .body,
    );
    expect(documented(withdrawal.type, withdrawal).ok).toBe(true);
    const clear = structuredClone(JSON.parse(byType('travel_rule.returned')[0]!.body));
    clear.data.changes.originator = {
      before: null,
      after: { originatorPersons: [person('Aksoy', IDENTITY)], accountNumber: ['TMyAccount0001'] },
    };
    expect(documented('travel_rule.returned', clear).ok).toBe(false);
    // Identity numbers and birth dates never travel in clear.
    for (const d of mine) {
      expect(d.body).not.toContain(IDENTITY);
      expect(d.body).not.toContain('1988-04-12');
    }
  });

  it('refuses, through the library, a tampered body and an old timestamp', () => {
    const d = byType('travel_rule.rejected')[0]!;
    const headers = headersOf(d);
    const webhook = new Webhook(secret);
    expect(() => webhook.verify(d.body.replace('"rejected"', '"complete"'), headers)).toThrow(/signature/i);
    expect(() =>
      new Webhook(`whsec_${Buffer.from('another secret').toString('base64')}`).verify(d.body, headers),
    ).toThrow();
    // Signed with the right secret, but ten minutes ago: a replay.
    const old = Math.floor(Date.now() / 1000) - 600;
    const replay = {
      ...headers,
      'webhook-timestamp': String(old),
      'webhook-signature': signWebhook(secret, headers['webhook-id'], old, d.body),
    };
    expect(() => webhook.verify(d.body, replay)).toThrow(/timestamp/i);
    // The same signing now passes: only the timestamp was wrong.
    const now = Math.floor(Date.now() / 1000);
    expect(() =>
      webhook.verify(d.body, {
        ...headers,
        'webhook-timestamp': String(now),
        'webhook-signature': signWebhook(secret, headers['webhook-id'], now, d.body),
      }),
    ).not.toThrow();
  });
});
