import { randomUUID } from 'node:crypto';
import { AUDIT_ENTITIES, publicApi } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { createTestIntegration, type TestIntegration } from '../../../test/integration-key.ts';
import { startWebhookReceiver, type WebhookAnswer } from '../../../test/webhook-receiver.ts';
import { newCustomer } from '../../compliance/fraud/engine/test-fixtures.ts';
import { createChanges } from '../audit/changes.ts';
import { DECISION_EVENTS, decisionEventType } from './decision-events.ts';
import { decodeCursor, encodeCursor, nextDelayMs, RETRY_DELAYS_S } from './outbox.service.ts';
import { announceExpiredRestrictions } from './restriction-expiry.ts';
import { signWebhook } from './webhook-signing.ts';
import { isPrivateAddress } from './webhook-transport.ts';

const t = useTestApp({
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: '1',
  WEBHOOK_RETRY_SCALE: '0',
  WEBHOOK_TIMEOUT_MS: '500',
});
const headers = t.session('manager');
let reader: TestIntegration;
beforeAll(async () => {
  reader = await createTestIntegration(t.db, { scopes: ['events:read'] });
});

const feed = (query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/events${query}`,
    headers: { authorization: `Bearer ${reader.key}` },
  });

const payloadOf = (customer: { id: number; externalId: string | null }) =>
  JSON.stringify({
    customer: { id: customer.id, externalId: customer.externalId },
    subject: { kind: 'restriction', id: '1', externalId: null },
    changes: {},
    actor: { kind: 'system', id: null, name: null },
  });

const system = () => ({ memberId: null, requestId: `test-${randomUUID()}` });

/** A restriction added through changes.run, as the restrictions service reports it. */
async function addRestriction(customerId: number, fail = false) {
  const changes = createChanges(t.db);
  return changes.run(system(), async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(sql`SELECT ${customerId}::int AS id`);
    if (fail) throw new Error('rolled back');
    return {
      result: rows[0]!.id,
      change: {
        entity: 'customer_restriction',
        action: 'add',
        entityId: customerId * 10,
        customerId,
        before: null,
        after: { type: 'withdrawal', reason: 'test' },
      },
    };
  });
}

async function readAll(): Promise<publicApi.BackdeskEvent[]> {
  const all: publicApi.BackdeskEvent[] = [];
  let after = '';
  for (;;) {
    const res = await feed(`?limit=1000${after ? `&after=${after}` : ''}`);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    all.push(...page.events);
    after = page.next;
    if (!page.hasMore) return all;
  }
}

describe('the decision-events mapping', () => {
  it('names every audit entity, so a new one fails until decided', () => {
    expect(Object.keys(DECISION_EVENTS).sort()).toEqual([...AUDIT_ENTITIES].sort());
  });

  it.each([
    ['customer', 'create', {}, 'customer.created'],
    ['customer', 'update', { email: 'x' }, 'customer.updated'],
    ['customer', 'move_tier', { customer_type: 2 }, 'customer.type_changed'],
    ['customer', 'set_kyc_level', { kyc_level: 2 }, 'customer.kyc_changed'],
    ['customer', 'add_note', { note: 'x' }, null],
    ['customer_restriction', 'add', {}, 'restriction.added'],
    ['customer_restriction', 'lift', {}, 'restriction.lifted'],
    ['customer_restriction', 'expire', {}, 'restriction.expired'],
    ['wallet_transaction', 'approve', {}, 'withdrawal.approved'],
    ['wallet_transaction', 'reject', {}, 'withdrawal.rejected'],
    ['wallet_transaction', 'create', {}, null],
    [
      'approval_request',
      'approve',
      { kind: 'withdrawal_release', status: 'approved' },
      'withdrawal.approved',
    ],
    ['approval_request', 'reject', { kind: 'withdrawal_release', status: 'rejected' }, 'withdrawal.rejected'],
    ['approval_request', 'approve', { kind: 'withdrawal_release', status: 'pending' }, null],
    [
      'approval_request',
      'approve',
      { kind: 'kyc_level_approval', status: 'approved' },
      'customer.kyc_changed',
    ],
    ['p2p_offer', 'suspend', {}, 'p2p_offer.suspended'],
    ['p2p_offer', 'resume', {}, null],
    ['p2p_trade', 'cancel', {}, 'p2p_trade.cancelled'],
    ['p2p_trade', 'settle', {}, 'p2p_dispute.settled'],
    ['transaction_limit', 'update', {}, 'limits.changed'],
    ['staff_member', 'update', {}, null],
  ] as const)('%s %s %j → %s', (entity, action, after, type) => {
    expect(
      decisionEventType({ entity, action, entityId: 1, customerId: 1, before: null, after: { ...after } }),
    ).toBe(type);
  });
});

describe('GET /api/v1/events', () => {
  it('has the event of a committed decision, and none of one rolled back', async () => {
    const customer = await newCustomer(t.db, 'outbox_feed');
    await addRestriction(customer.id);
    await expect(addRestriction(customer.id, true)).rejects.toThrow('rolled back');
    const mine = (await readAll()).filter((e) => e.data.customer?.id === customer.id);
    expect(mine).toHaveLength(1);
    const event = mine[0]!;
    expect(publicApi.EventSchema.parse(event)).toEqual(event);
    expect(event).toMatchObject({
      type: 'restriction.added',
      data: {
        customer: { id: customer.id, externalId: customer.externalId },
        subject: { kind: 'restriction', id: String(customer.id * 10), externalId: null },
        changes: { type: { before: null, after: 'withdrawal' } },
        actor: { kind: 'system', id: null, name: null },
      },
    });
  });

  it('resumes from a cursor and keeps it on an empty page', async () => {
    const customer = await newCustomer(t.db, 'outbox_cursor');
    await readAll();
    const first = await feed('?limit=1000');
    let next = first.json().next;
    while ((await feed(`?after=${next}&limit=1000`)).json().hasMore)
      next = (await feed(`?after=${next}&limit=1000`)).json().next;
    const end = (await feed(`?after=${next}&limit=1000`)).json();
    await addRestriction(customer.id);
    await addRestriction(customer.id);
    const page = (await feed(`?after=${end.next}&limit=1`)).json();
    expect(page.events).toHaveLength(1);
    expect(page.hasMore).toBe(true);
    const rest = (await feed(`?after=${page.next}`)).json();
    expect(rest.events).toHaveLength(1);
    expect(rest.events[0].id).not.toBe(page.events[0].id);
    const empty = (await feed(`?after=${rest.next}`)).json();
    expect(empty).toEqual({ events: [], next: rest.next, hasMore: false });
  });

  it('refuses a broken cursor with INVALID_CURSOR, and a key without events:read', async () => {
    const res = await feed('?after=bm90LWEtbnVtYmVy');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_CURSOR');
    expect(() => decodeCursor('MDE')).toThrow(); // "01": not the form the feed hands out
    expect(decodeCursor(encodeCursor(42))).toBe(42);
    const other = await createTestIntegration(t.db, { scopes: ['ingest:wallet'] });
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/v1/events',
      headers: { authorization: `Bearer ${other.key}` },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('never skips an event committed after a later-started one: positions are taken at commit', async () => {
    const customer = await newCustomer(t.db, 'outbox_overlap');
    await readAll();
    const cursorBefore = (await feed('?limit=1000')).json();
    let at = cursorBefore.next;
    for (let page = cursorBefore; page.hasMore; ) {
      page = (await feed(`?after=${at}&limit=1000`)).json();
      at = page.next;
    }
    const url = (t.db.$client as pg.Pool).options.connectionString!;
    const first = new pg.Client({ connectionString: url });
    const second = new pg.Client({ connectionString: url });
    await first.connect();
    await second.connect();
    try {
      // The first transaction inserts its event first but commits last.
      await first.query('BEGIN');
      await first.query(
        `INSERT INTO outbox_events (id, type, customer_id, payload) VALUES ($1, 'restriction.added', $2, $3)`,
        ['evt_overlapfirst00000001', customer.id, payloadOf(customer)],
      );
      await second.query('BEGIN');
      await second.query(
        `INSERT INTO outbox_events (id, type, customer_id, payload) VALUES ($1, 'restriction.added', $2, $3)`,
        ['evt_overlapsecond0000001', customer.id, payloadOf(customer)],
      );
      await second.query('COMMIT');
      const seen = (await feed(`?after=${at}`)).json();
      expect(seen.events.map((e: { id: string }) => e.id)).toEqual(['evt_overlapsecond0000001']);
      await first.query('COMMIT');
      const later = (await feed(`?after=${seen.next}`)).json();
      expect(later.events.map((e: { id: string }) => e.id)).toEqual(['evt_overlapfirst00000001']);
    } finally {
      await first.end();
      await second.end();
    }
  });
});

describe('decisions made through the staff API', () => {
  it('a restriction added and lifted by a manager are two events naming the member, in order', async () => {
    const customer = await newCustomer(t.db, 'outbox_staff');
    const post = (url: string, payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: payload as never,
        headers: { ...headers, 'idempotency-key': randomUUID() },
      });
    const added = await post('/api/customers/restrictions/add', {
      customerId: customer.id,
      kind: 'withdrawal',
      reason: 'Manual review of withdrawals',
    });
    expect(added.statusCode).toBe(200);
    const r = added.json().restriction;
    const lifted = await post('/api/customers/restrictions/lift', {
      id: r.id,
      reason: 'Documents received',
      version: r.version,
    });
    expect(lifted.statusCode).toBe(200);
    const mine = (await readAll()).filter((e) => e.data.customer?.id === customer.id);
    expect(mine.map((e) => e.type)).toEqual(['restriction.added', 'restriction.lifted']);
    expect(mine[0]!.data.actor).toMatchObject({
      kind: 'member',
      id: expect.any(Number),
      name: expect.any(String),
    });
    expect(mine[1]!.data.subject).toEqual({ kind: 'restriction', id: String(r.id), externalId: null });
  });
});

describe('restriction expiry', () => {
  it('announces a restriction that ended by time once, by the system, as restriction.expired', async () => {
    const customer = await newCustomer(t.db, 'outbox_expiry');
    const { rows } = await t.db.execute<{ id: number }>(sql`
      INSERT INTO customer_restrictions (customer_id, kind, reason, starts_at, ends_at)
      VALUES (${customer.id}, 'withdrawal', 'test', now() - interval '2 hours', now() - interval '1 minute') RETURNING id::int`);
    const changes = createChanges(t.db);
    expect(await announceExpiredRestrictions(t.db, changes)).toBeGreaterThanOrEqual(1);
    expect(await announceExpiredRestrictions(t.db, changes)).toBe(0);
    const mine = (await readAll()).filter((e) => e.data.customer?.id === customer.id);
    expect(mine.map((e) => [e.type, e.data.subject.id, e.data.actor.kind])).toEqual([
      ['restriction.expired', String(rows[0]!.id), 'system'],
    ]);
  });
});

describe('webhook delivery', () => {
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let path = '';
  const received = () => receiver.all.filter((r) => r.url === path);
  let answer: (id: string) => WebhookAnswer = () => ({ status: 204 });
  let base = '';
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    receiver.answerWith((r) => (r.url === path ? answer(String(r.headers['webhook-id'])) : { status: 204 }));
    base = receiver.base;
  });
  afterAll(() => receiver.close());

  async function endpointFor(at: string) {
    path = at;
    const integration = await createTestIntegration(t.db, { scopes: ['events:read'] });
    return t.app.outbox.endpoints.create(system(), {
      integrationId: integration.integrationId,
      url: `${base}${at}`,
      eventTypes: [],
    });
  }
  const drain = async () => {
    for (let i = 0; i < 50; i++) await t.app.outbox.tick();
  };

  it('signs as Standard Webhooks, the same webhook-id on every attempt, in order per customer', async () => {
    const tried = new Set<string>();
    // Every event's first attempt fails, so each is retried under the same id.
    answer = (id) => {
      if (tried.has(id)) return { status: 204 };
      tried.add(id);
      return { status: 500 };
    };
    const made = await endpointFor('/ordered');
    const { secret } = made;
    const customer = await newCustomer(t.db, 'outbox_hook');
    await addRestriction(customer.id);
    await addRestriction(customer.id);
    await drain();
    const mine = received().filter((r) => JSON.parse(r.body).data.customer?.id === customer.id);
    expect(mine.length).toBe(4);
    const ids = mine.map((r) => r.headers['webhook-id']);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).toBe(ids[3]);
    expect(ids[0]).not.toBe(ids[2]);
    for (const r of mine) {
      const id = r.headers['webhook-id'] as string;
      const ts = Number(r.headers['webhook-timestamp']);
      expect(JSON.parse(r.body).id).toBe(id);
      expect(r.headers['webhook-signature']).toBe(signWebhook(secret, id, ts, r.body));
    }
    const events = (await readAll()).filter((e) => e.data.customer?.id === customer.id).map((e) => e.id);
    expect([ids[0], ids[2]]).toEqual(events);
    const attempts = await t.app.outbox.endpoints.attempts(made.id, ids[0] as string);
    expect(attempts).toEqual([
      expect.objectContaining({ attempt: 1, status_code: 500, body_excerpt: 'ok', error: null }),
      expect.objectContaining({ attempt: 2, status_code: 204 }),
    ]);
    expect(Date.parse(attempts[1]!.at)).toBeGreaterThanOrEqual(Date.parse(attempts[0]!.at));
  });

  it('on 410 disables the endpoint and blocks the customer until skipped; rotation signs with both', async () => {
    answer = () => ({ status: 410 });
    const made = await endpointFor('/gone');
    const customer = await newCustomer(t.db, 'outbox_gone');
    await addRestriction(customer.id);
    await addRestriction(customer.id);
    await drain();
    expect(received()).toHaveLength(1);
    const { rows } = await t.db.execute<{ status: string; disabled_reason: string }>(
      sql`SELECT status, disabled_reason FROM webhook_endpoints WHERE id = ${made.id}`,
    );
    expect(rows[0]).toEqual({ status: 'disabled', disabled_reason: '410' });
    const { rows: audit } = await t.db.execute<{ member_id: number | null; action: string; after: unknown }>(
      sql`SELECT member_id, action, after FROM audit_log
           WHERE entity = 'webhook_endpoint' AND entity_id = ${String(made.id)} AND action = 'disable'`,
    );
    expect(audit).toEqual([
      { member_id: null, action: 'disable', after: { status: 'disabled', disabled_reason: '410' } },
    ]);
    answer = () => ({ status: 200 });
    const { secret: rotated } = await t.app.outbox.endpoints.rotateSecret(system(), made.id);
    await t.app.outbox.endpoints.setStatus(system(), made.id, undefined, 'enabled');
    const blocked = JSON.parse(received()[0]!.body).id as string;
    await t.app.outbox.endpoints.skipBlocked(system(), blocked, made.id);
    await drain();
    expect(received()).toHaveLength(2);
    const second = received()[1]!;
    expect(JSON.parse(second.body).id).not.toBe(blocked);
    const signatures = (second.headers['webhook-signature'] as string).split(' ');
    const ts = Number(second.headers['webhook-timestamp']);
    const id = second.headers['webhook-id'] as string;
    expect(signatures).toEqual([
      signWebhook(rotated, id, ts, second.body),
      signWebhook(made.secret, id, ts, second.body),
    ]);
  });

  it('sends a test.ping outside the feed; refuses loopback unless allowed', async () => {
    answer = () => ({ status: 200 });
    const made = await endpointFor('/ping');
    const { eventId } = await t.app.outbox.endpoints.sendTest(system(), made.id);
    await drain();
    expect(received().map((r) => JSON.parse(r.body).type)).toEqual(['test.ping']);
    expect((await readAll()).some((e) => e.id === eventId)).toBe(false);
    expect(isPrivateAddress('127.0.0.1')).toBe(true);
    expect(isPrivateAddress('::ffff:10.0.0.1')).toBe(true);
    expect(isPrivateAddress('169.254.169.254')).toBe(true);
    expect(isPrivateAddress('93.184.216.34')).toBe(false);
  });

  it('verifies with the Standard Webhooks reference library, and the library refuses a forged body', async () => {
    answer = () => ({ status: 200 });
    const made = await endpointFor('/reference');
    await t.app.outbox.endpoints.sendTest(system(), made.id);
    await drain();
    const delivery = received().at(-1)!;
    const headers = {
      'webhook-id': String(delivery.headers['webhook-id']),
      'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
      'webhook-signature': String(delivery.headers['webhook-signature']),
    };
    const verified = new Webhook(made.secret).verify(delivery.body, headers) as { id: string; type: string };
    expect(verified).toMatchObject({ id: headers['webhook-id'], type: 'test.ping' });
    expect(() =>
      new Webhook(made.secret).verify(delivery.body.replace('test.ping', 'test.pong'), headers),
    ).toThrow();
  });

  it('prunes attempts past the events retention, keeping newer ones', async () => {
    answer = () => ({ status: 200 });
    const made = await endpointFor('/pruned');
    const { eventId } = await t.app.outbox.endpoints.sendTest(system(), made.id);
    await drain();
    await t.db.execute(sql`
      INSERT INTO webhook_attempts (delivery_id, attempt, at, status_code)
      SELECT id, 1, now() - interval '400 days', 500 FROM webhook_deliveries
       WHERE event_id = ${eventId} AND endpoint_id = ${made.id}`);
    expect(await t.app.outbox.endpoints.attempts(made.id, eventId)).toHaveLength(2);
    await t.app.outbox.prune();
    expect(await t.app.outbox.endpoints.attempts(made.id, eventId)).toEqual([
      expect.objectContaining({ status_code: 200 }),
    ]);
  });

  it('backs off exponentially with jitter over about three days, honouring Retry-After', () => {
    const total = RETRY_DELAYS_S.reduce((a, b) => a + b, 0);
    expect(total / 3600).toBeGreaterThan(60);
    expect(total / 3600).toBeLessThan(80);
    expect(nextDelayMs(1, null, 1, () => 0.5)).toBe(5000);
    expect(nextDelayMs(1, '120', 1, () => 0.5)).toBe(120_000);
    expect(nextDelayMs(2, null, 1, () => 0)).toBe(240_000);
  });
});
