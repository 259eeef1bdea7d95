import { randomUUID } from 'node:crypto';
import type { InboxItem } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { createInboxRepository } from './inbox.repository.ts';

const t = useTestApp();
const admin = t.session('admin');
const superMember = t.session('super');
const manager = t.session('manager');

async function newCustomer(): Promise<number> {
  const c = await t.db.execute<{ id: number }>(
    sql`INSERT INTO customers (user_name) VALUES (${`ib-${randomUUID().slice(0, 8)}`}) RETURNING id`,
  );
  return c.rows[0]!.id;
}

/** A USDT withdrawal put under review by the exchange (four-eyes above 10,000 USDT). */
async function underReview(amount: string): Promise<{ id: number; version: number }> {
  const customerId = await newCustomer();
  const r = await t.db.execute<{ id: number; version: number }>(sql`
    INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, to_address, status)
    VALUES (${customerId}, 'withdrawal', 'USDT', 'TRC20', ${amount}, 'TXyz', 'under_review')
    RETURNING id, version`);
  return r.rows[0]!;
}

const inbox = async (who: Record<string, string>, query = '') =>
  (await t.app.inject({ url: `/api/inbox?limit=200${query}`, headers: who })).json() as {
    items: InboxItem[];
  };
const findFor = async (who: Record<string, string>, type: string, id: number, query = '') =>
  (await inbox(who, query)).items.find((i) => i.source.type === type && i.source.id === String(id));
const unread = async (who: Record<string, string>) =>
  (await t.app.inject({ url: '/api/inbox/summary', headers: who })).json() as {
    unread: number;
    by_kind: Record<string, number>;
  };
/** The total the inbox list shows, asked apart from its page. */
const countOf = async (who: Record<string, string>, query = '') =>
  (await t.app.inject({ url: `/api/inbox/count?${query}`, headers: who })).json().total;
const post = (url: string, who: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: who, payload });

const memberId = async (userName: string) =>
  (await t.db.execute<{ id: number }>(sql`SELECT id FROM staff_members WHERE user_name = ${userName}`))
    .rows[0]!.id;

/** The work item of a record (team work reaches no inbox until assigned, so it is found here). */
async function workOf(ref: string): Promise<{ id: number; version: number }> {
  const r = await t.db.execute<{ id: number; version: number }>(
    sql`SELECT id, version FROM work_items WHERE source_ref = ${ref} ORDER BY id DESC LIMIT 1`,
  );
  return { id: Number(r.rows[0]!.id), version: r.rows[0]!.version };
}
/** The unassigned count of one team queue, as the member sees it (undefined: not their queue). */
const queueCount = async (who: Record<string, string>, kind: string) =>
  (
    (await t.app.inject({ url: '/api/inbox/queues', headers: who })).json() as {
      queues: { kind: string; unassigned: number; version: number }[];
    }
  ).queues.find((q) => q.kind === kind)?.unassigned;
const take = async (who: Record<string, string>, ref: string) => {
  const work = await workOf(ref);
  const taken = await post('/api/inbox/assign', who, { ...work, assign: true });
  expect(taken.statusCode, taken.body).toBe(200);
  return taken.json().item as InboxItem;
};

describe('inbox', () => {
  it("team work waits in its queue, in no one's inbox; taken, it is the taker's alone; approved elsewhere, it resolves", async () => {
    const [adminBefore, superBefore] = [await unread(admin), await unread(superMember)];
    const queued = (await queueCount(admin, 'withdrawal_review'))!;
    const w = await underReview('120');
    // Before: every approver had it, unread, the moment it arrived.
    expect(await findFor(admin, 'wallet_transaction', w.id)).toBeUndefined();
    expect(await findFor(superMember, 'wallet_transaction', w.id)).toBeUndefined();
    expect((await unread(admin)).unread).toBe(adminBefore.unread);
    expect(await queueCount(admin, 'withdrawal_review')).toBe(queued + 1);
    expect(await queueCount(superMember, 'withdrawal_review')).toBe(queued + 1);
    // A manager cannot approve withdrawals: not their queue.
    expect(await queueCount(manager, 'withdrawal_review')).toBeUndefined();

    const item = await take(admin, `wallet_transaction:${w.id}`);
    expect(item).toMatchObject({
      kind: 'withdrawal_review',
      state: 'open',
      read: false,
      amount: '120.000000000000000000',
      asset: 'USDT',
      sla: 'on_track',
    });
    expect(await findFor(admin, 'wallet_transaction', w.id)).toMatchObject({ id: item.id });
    expect(await findFor(superMember, 'wallet_transaction', w.id)).toBeUndefined();
    expect(await queueCount(admin, 'withdrawal_review')).toBe(queued);
    // The header counts what needs me: mine went up by one, the other approver's did not move.
    expect((await unread(admin)).unread).toBe(adminBefore.unread + 1);
    expect((await unread(superMember)).unread).toBe(superBefore.unread);

    const approved = await post('/api/transactions/wallet-transactions/approve', superMember, {
      id: w.id,
      version: w.version,
      reason: 'Known address',
    });
    expect(approved.statusCode).toBe(200);
    expect(await findFor(admin, 'wallet_transaction', w.id)).toBeUndefined();
    expect(await findFor(admin, 'wallet_transaction', w.id, '&state=resolved')).toMatchObject({
      state: 'resolved',
    });
    expect(await findFor(superMember, 'wallet_transaction', w.id, '&state=resolved')).toBeUndefined();
    expect((await unread(admin)).unread).toBe(adminBefore.unread);
  });

  it('a four-eyes request reaches every approver but the member who asked', async () => {
    const w = await underReview('15000');
    const first = await post('/api/transactions/wallet-transactions/approve', admin, {
      id: w.id,
      version: w.version,
      reason: 'Known address',
    });
    expect(first.statusCode).toBe(200);
    const request = await t.db.execute<{ id: number }>(
      sql`SELECT id FROM approval_requests WHERE entity_id = ${String(w.id)} AND status = 'pending'`,
    );
    const requestId = request.rows[0]!.id;
    expect(await findFor(superMember, 'approval_request', requestId)).toMatchObject({
      kind: 'four_eyes_request',
      subject: 'withdrawal_release',
      amount: '15000.000000000000000000',
    });
    expect(await findFor(admin, 'approval_request', requestId)).toBeUndefined();
  });

  it('a P2P dispute waits in the disputes queue of the members who settle disputes and leaves it when settled', async () => {
    const queued = (await queueCount(admin, 'p2p_dispute'))!;
    const trade = await t.db.execute<{ id: number; version: number }>(sql`
      INSERT INTO p2p_trades (trade_market_guid, buyer_user_name, trade_amount, status, dispute_reason)
      VALUES (${randomUUID()}, 'inbox-buyer', '250.5', 'disputed', 'Payment not received') RETURNING id, version`);
    const { id, version } = trade.rows[0]!;
    expect(await queueCount(admin, 'p2p_dispute')).toBe(queued + 1);
    expect(await queueCount(manager, 'p2p_dispute')).toBeUndefined();
    expect(await take(superMember, `p2p_trade:${id}`)).toMatchObject({
      kind: 'p2p_dispute',
      subject: 'inbox-buyer',
    });
    const settled = await post('/api/transactions/p2p/trades/settle', superMember, {
      id,
      version,
      outcome: 'release',
      reason: 'Payment confirmed by the bank',
    });
    expect(settled.statusCode).toBe(200);
    expect(await findFor(superMember, 'p2p_trade', id)).toBeUndefined();
    expect(await queueCount(admin, 'p2p_dispute')).toBe(queued);
  });

  it('respects the notification choices at once, both ways', async () => {
    const w = await underReview('77');
    await take(superMember, `wallet_transaction:${w.id}`);
    expect(await findFor(superMember, 'wallet_transaction', w.id)).toBeDefined();
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/settings/notifications',
      headers: superMember,
      payload: { items: [{ kind: 'withdrawal_review', severity: null, inbox: false, desktop: false }] },
    });
    expect(off.statusCode).toBe(200);
    expect(await findFor(superMember, 'wallet_transaction', w.id)).toBeUndefined();
    expect((await unread(superMember)).by_kind.withdrawal_review).toBe(0);
    await t.app.inject({
      method: 'POST',
      url: '/api/settings/notifications',
      headers: superMember,
      payload: { items: [{ kind: 'withdrawal_review', severity: null, inbox: true, desktop: false }] },
    });
    expect(await findFor(superMember, 'wallet_transaction', w.id)).toBeDefined();
  });

  it('marks read and unread, singly and in bulk, and refuses an item not in the queue', async () => {
    const a = await underReview('11');
    const b = await underReview('12');
    const ids = [
      (await take(admin, `wallet_transaction:${a.id}`)).id,
      (await take(admin, `wallet_transaction:${b.id}`)).id,
    ];
    const before = (await unread(admin)).unread;
    const bulk = await post('/api/inbox/mark', admin, { ids, read: true });
    expect(bulk.json()).toEqual({ success: true, changed: 2 });
    expect((await unread(admin)).unread).toBe(before - 2);
    // The list's total for unread open items is the header's count.
    expect(await countOf(admin, 'read=unread')).toEqual({ value: before - 2, exact: true });
    expect((await findFor(admin, 'wallet_transaction', a.id, '&read=read'))?.read).toBe(true);
    expect(await findFor(admin, 'wallet_transaction', a.id, '&read=unread')).toBeUndefined();
    expect((await post('/api/inbox/mark', admin, { ids: [ids[0]], read: false })).json()).toEqual({
      success: true,
      changed: 1,
    });
    expect((await unread(admin)).unread).toBe(before - 1);
    const foreign = await post('/api/inbox/mark', superMember, { ids, read: true });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('INBOX_ITEM_NOT_FOUND');
    expect((await post('/api/inbox/mark', admin, { ids: [], read: true })).statusCode).toBe(400);
  });

  it('takes from a queue with an audit row, refuses a stale version and work another holds, gives it back to the queue', async () => {
    const w = await underReview('13');
    const work = await workOf(`wallet_transaction:${w.id}`);
    const taken = await post('/api/inbox/assign', admin, { ...work, assign: true });
    expect(taken.statusCode).toBe(200);
    const item = taken.json().item as InboxItem;
    expect(item.assignee).toMatchObject({ display_name: expect.any(String) });
    expect(await findFor(admin, 'wallet_transaction', w.id, '&assigned=me')).toBeDefined();
    const stale = await post('/api/inbox/assign', admin, { ...work, assign: false });
    expect(stale.json().code).toBe('STALE_EDIT');
    // Held by admin: in no one else's inbox or queue, so not theirs to take.
    const held = await post('/api/inbox/assign', superMember, {
      id: item.id,
      version: item.version,
      assign: true,
    });
    expect(held.json().code).toBe('INBOX_ITEM_NOT_FOUND');
    const queued = (await queueCount(admin, 'withdrawal_review'))!;
    const back = await post('/api/inbox/assign', admin, {
      id: item.id,
      version: item.version,
      assign: false,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().item).toMatchObject({ assignee: null, state: 'open' });
    expect(await findFor(admin, 'wallet_transaction', w.id)).toBeUndefined();
    expect(await queueCount(admin, 'withdrawal_review')).toBe(queued + 1);
    const audit = await t.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE entity = 'work_item' AND entity_id = ${String(item.id)} ORDER BY id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['assign', 'unassign']);
    const gone = await post('/api/inbox/assign', manager, {
      id: item.id,
      version: item.version + 1,
      assign: true,
    });
    expect(gone.json().code).toBe('INBOX_ITEM_NOT_FOUND');
  });

  it('KYC cases and fraud alerts follow their holder: the KYC queue and the alert list agree with the inbox', async () => {
    const customerId = await newCustomer();
    await t.db.execute(
      sql`INSERT INTO kyc_cases (customer_id, waiting_since, pending_documents) VALUES (${customerId}, now(), 1)`,
    );
    const ref = `kyc_case:${customerId}`;
    expect(await findFor(manager, 'kyc_case', customerId)).toBeUndefined();
    const claimed = await post('/api/compliance/kyc/queue/assign', manager, { customer_id: customerId });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const item = (await findFor(manager, 'kyc_case', customerId))!;
    expect(item.assignee).not.toBeNull();
    expect(await findFor(admin, 'kyc_case', customerId)).toBeUndefined();
    // Given back from the inbox: the KYC queue shows it unassigned too.
    const back = await post('/api/inbox/assign', manager, {
      id: item.id,
      version: item.version,
      assign: false,
    });
    expect(back.statusCode, back.body).toBe(200);
    const kyc = await t.db.execute<{ assigned_to: number | null }>(
      sql`SELECT assigned_to FROM kyc_cases WHERE customer_id = ${customerId}`,
    );
    expect(kyc.rows[0]!.assigned_to).toBeNull();
    expect(await findFor(manager, 'kyc_case', customerId)).toBeUndefined();
    // Taken from the inbox's queue: the KYC case is held by the taker.
    await take(admin, ref);
    const after = await t.db.execute<{ assigned_to: number | null }>(
      sql`SELECT assigned_to FROM kyc_cases WHERE customer_id = ${customerId}`,
    );
    expect(after.rows[0]!.assigned_to).toBe(await memberId('admin'));
    expect(await findFor(admin, 'kyc_case', customerId)).toBeDefined();
  });

  it('a reset of two-factor is a notice to the member and the staff managers', async () => {
    const target = await t.db.execute<{ id: number }>(
      sql`SELECT id FROM staff_members WHERE user_name = 'manager'`,
    );
    const managerId = target.rows[0]!.id;
    // A recovery code is enough for the reset to remove something.
    await t.db.execute(sql`
      INSERT INTO staff_recovery_codes (member_id, code_hash, created_at) VALUES (${managerId}, '\\x01'::bytea, now())`);
    const reset = await post('/api/members/two-factor/reset', superMember, { id: managerId });
    expect(reset.statusCode).toBe(200);
    const notices = (await inbox(manager, '&kind=system_notice')).items;
    expect(notices[0]).toMatchObject({ notice: 'two_factor_reset', params: { member: 'manager' } });
    // The super who reset it is not told what they did.
    expect(
      (await inbox(superMember, '&kind=system_notice')).items.filter(
        (i) => i.subject === 'manager' && i.opened_at === notices[0]!.opened_at,
      ),
    ).toEqual([]);
  });

  it('forgets work resolved more than the kept days ago, from every queue', async () => {
    const w = await underReview('14');
    const item = await take(admin, `wallet_transaction:${w.id}`);
    await t.db.execute(sql`UPDATE wallet_transactions SET status = 'rejected' WHERE id = ${w.id}`);
    await t.db.execute(
      sql`UPDATE work_items SET resolved_at = now() - interval '31 days' WHERE id = ${item.id}`,
    );
    expect(await createInboxRepository().pruneResolved(t.db, 30)).toBeGreaterThanOrEqual(1);
    const left = await t.db.execute(sql`SELECT 1 FROM inbox_items WHERE work_item_id = ${item.id}`);
    expect(left.rows).toEqual([]);
  });

  it('refuses malformed filters and cursors', async () => {
    for (const q of ['&kind=nope', '&state=done', '&read=yes', '&cursor=broken', '&limit=0'])
      expect((await t.app.inject({ url: `/api/inbox?${q}`, headers: admin })).statusCode).toBe(400);
  });
});
