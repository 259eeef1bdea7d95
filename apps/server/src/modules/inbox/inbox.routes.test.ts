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

describe('inbox', () => {
  it('a withdrawal under review reaches the approvers, counts as unread, and leaves every inbox when approved elsewhere', async () => {
    const before = await unread(admin);
    const w = await underReview('120');
    const item = await findFor(admin, 'wallet_transaction', w.id);
    expect(item).toMatchObject({
      kind: 'withdrawal_review',
      state: 'open',
      read: false,
      amount: '120.000000000000000000',
      asset: 'USDT',
      sla: 'on_track',
    });
    expect(await findFor(superMember, 'wallet_transaction', w.id)).toBeDefined();
    // A manager cannot approve withdrawals: it never reaches their queue.
    expect(await findFor(manager, 'wallet_transaction', w.id)).toBeUndefined();
    expect((await unread(admin)).unread).toBe(before.unread + 1);

    const approved = await post('/api/transactions/wallet-transactions/approve', superMember, {
      id: w.id,
      version: w.version,
      reason: 'Known address',
    });
    expect(approved.statusCode).toBe(200);
    expect(await findFor(admin, 'wallet_transaction', w.id)).toBeUndefined();
    expect(await findFor(superMember, 'wallet_transaction', w.id)).toBeUndefined();
    expect(await findFor(admin, 'wallet_transaction', w.id, '&state=resolved')).toMatchObject({
      state: 'resolved',
    });
    expect((await unread(admin)).unread).toBe(before.unread);
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

  it('a P2P dispute reaches the members who settle disputes and resolves when settled', async () => {
    const trade = await t.db.execute<{ id: number; version: number }>(sql`
      INSERT INTO p2p_trades (trade_market_guid, buyer_user_name, trade_amount, status, dispute_reason)
      VALUES (${randomUUID()}, 'inbox-buyer', '250.5', 'disputed', 'Payment not received') RETURNING id, version`);
    const { id, version } = trade.rows[0]!;
    expect(await findFor(admin, 'p2p_trade', id)).toMatchObject({
      kind: 'p2p_dispute',
      subject: 'inbox-buyer',
    });
    expect(await findFor(manager, 'p2p_trade', id)).toBeUndefined();
    const settled = await post('/api/transactions/p2p/trades/settle', superMember, {
      id,
      version,
      outcome: 'release',
      reason: 'Payment confirmed by the bank',
    });
    expect(settled.statusCode).toBe(200);
    expect(await findFor(admin, 'p2p_trade', id)).toBeUndefined();
  });

  it('respects the notification choices at once, both ways', async () => {
    const w = await underReview('77');
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
      (await findFor(admin, 'wallet_transaction', a.id))!.id,
      (await findFor(admin, 'wallet_transaction', b.id))!.id,
    ];
    const before = (await unread(admin)).unread;
    const bulk = await post('/api/inbox/mark', admin, { ids, read: true });
    expect(bulk.json()).toEqual({ success: true, changed: 2 });
    expect((await unread(admin)).unread).toBe(before - 2);
    // The list's total for unread open items is the header's count.
    expect(await countOf(admin, 'read=unread')).toEqual({ value: before - 2, exact: true });
    expect((await findFor(admin, 'wallet_transaction', a.id, '&read=read'))?.read).toBe(true);
    expect(await findFor(admin, 'wallet_transaction', a.id, '&read=unread')).toBeUndefined();
    // Only the member's own marker: super still has them unread.
    expect((await findFor(superMember, 'wallet_transaction', a.id))?.read).toBe(false);
    expect((await post('/api/inbox/mark', admin, { ids: [ids[0]], read: false })).json()).toEqual({
      success: true,
      changed: 1,
    });
    expect((await unread(admin)).unread).toBe(before - 1);
    const foreign = await post('/api/inbox/mark', manager, { ids, read: true });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('INBOX_ITEM_NOT_FOUND');
    expect((await post('/api/inbox/mark', admin, { ids: [], read: true })).statusCode).toBe(400);
  });

  it('assigns to me with an audit row, refuses a stale version, filters by assignee', async () => {
    const w = await underReview('13');
    const item = (await findFor(admin, 'wallet_transaction', w.id))!;
    const taken = await post('/api/inbox/assign', admin, {
      id: item.id,
      version: item.version,
      assign: true,
    });
    expect(taken.statusCode).toBe(200);
    expect(taken.json().item.assignee).toMatchObject({ display_name: expect.any(String) });
    expect((await findFor(superMember, 'wallet_transaction', w.id))?.assignee?.id).toBe(
      taken.json().item.assignee.id,
    );
    expect(await findFor(admin, 'wallet_transaction', w.id, '&assigned=me')).toBeDefined();
    expect(await findFor(superMember, 'wallet_transaction', w.id, '&assigned=me')).toBeUndefined();
    const stale = await post('/api/inbox/assign', superMember, {
      id: item.id,
      version: item.version,
      assign: true,
    });
    expect(stale.json().code).toBe('STALE_EDIT');
    const audit = await t.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE entity = 'work_item' AND entity_id = ${String(item.id)}`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['assign']);
    const gone = await post('/api/inbox/assign', manager, {
      id: item.id,
      version: item.version + 1,
      assign: true,
    });
    expect(gone.json().code).toBe('INBOX_ITEM_NOT_FOUND');
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
    const item = (await findFor(admin, 'wallet_transaction', w.id))!;
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
