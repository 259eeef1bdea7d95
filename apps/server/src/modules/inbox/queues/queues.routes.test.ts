import { randomUUID } from 'node:crypto';
import type { InboxItem } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { createChanges } from '../../platform/audit/changes.ts';
import { createInboxRepository } from '../inbox.repository.ts';
import { createQueuesRepository } from './queues.repository.ts';
import { createQueuesService } from './queues.service.ts';

const t = useTestApp();
const admin = t.session('admin');
const superMember = t.session('super');
const manager = t.session('manager');

const HOUR = 3_600_000;

async function memberId(userName: string): Promise<number> {
  const r = await t.db.execute<{ id: number }>(
    sql`SELECT id FROM staff_members WHERE user_name = ${userName}`,
  );
  return r.rows[0]!.id;
}

/** A USDT withdrawal put under review; its work item waits in the withdrawals queue. */
async function underReview(): Promise<number> {
  const c = await t.db.execute<{ id: number }>(
    sql`INSERT INTO customers (user_name) VALUES (${`q-${randomUUID().slice(0, 8)}`}) RETURNING id`,
  );
  const w = await t.db.execute<{ id: number }>(sql`
    INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, to_address, status)
    VALUES (${c.rows[0]!.id}, 'withdrawal', 'USDT', 'TRC20', '50', 'TXq', 'under_review') RETURNING id`);
  return w.rows[0]!.id;
}

/** Every withdrawal under review decided: the withdrawals queue and everyone's load of it start empty. */
const clearWithdrawals = () =>
  t.db.execute(
    sql`UPDATE wallet_transactions SET status = 'rejected' WHERE type = 'withdrawal' AND status = 'under_review'`,
  );

const queues = async (who: Record<string, string>) =>
  (await t.app.inject({ url: '/api/inbox/queues', headers: who })).json() as {
    queues: { kind: string; unassigned: number; overdue: number; routing: string; version: number }[];
    away_until: string | null;
  };
const send = (method: 'POST' | 'PUT', url: string, who: Record<string, string>, payload: object) =>
  t.app.inject({ method, url, headers: who, payload });

const holders = async (ids: number[]) => {
  const r = await t.db.execute<{ assignee_id: number | null }>(sql`
    SELECT w.assignee_id FROM work_items w
    WHERE w.source_ref = ANY (${`{${ids.map((id) => `wallet_transaction:${id}`).join(',')}}`}::text[])
      AND w.resolved_at IS NULL ORDER BY w.opened_at, w.id`);
  return r.rows.map((row) => row.assignee_id);
};

const routing = () =>
  createQueuesService({
    db: t.db,
    clock: t.clock,
    changes: createChanges(t.db),
    repo: createQueuesRepository(),
    inbox: createInboxRepository(),
  });

describe('team queues', () => {
  it('lists the queues a member reaches, in order, with counts', async () => {
    expect((await queues(admin)).queues.map((q) => q.kind)).toEqual([
      'kyc_waiting',
      'fraud_alert',
      'withdrawal_review',
      'p2p_dispute',
    ]);
    expect((await queues(manager)).queues.map((q) => q.kind)).toEqual(['kyc_waiting', 'fraud_alert']);
    expect((await queues(admin)).away_until).toBeNull();
  });

  it('"next" takes the oldest unassigned item into the taker\'s inbox, and refuses a queue the role does not take', async () => {
    await clearWithdrawals();
    const first = await underReview();
    await underReview();
    const next = await send('POST', '/api/inbox/queues/next', admin, { kind: 'withdrawal_review' });
    expect(next.statusCode, next.body).toBe(200);
    const item = next.json().item as InboxItem;
    expect(item).toMatchObject({ source: { type: 'wallet_transaction', id: String(first) }, state: 'open' });
    expect(item.assignee?.id).toBe(await memberId('admin'));
    const mine = (await t.app.inject({ url: '/api/inbox?assigned=me&limit=200', headers: admin })).json();
    expect(mine.items.map((i: InboxItem) => i.id)).toContain(item.id);
    expect((await queues(admin)).queues.find((q) => q.kind === 'withdrawal_review')?.unassigned).toBe(1);
    const audit = await t.db.execute<{ action: string; member_id: number }>(
      sql`SELECT action, member_id FROM audit_log WHERE entity = 'work_item' AND entity_id = ${String(item.id)}`,
    );
    expect(audit.rows).toEqual([{ action: 'assign', member_id: await memberId('admin') }]);

    const refused = await send('POST', '/api/inbox/queues/next', manager, { kind: 'withdrawal_review' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('INBOX_QUEUE_FORBIDDEN');
    await send('POST', '/api/inbox/queues/next', superMember, { kind: 'withdrawal_review' });
    const empty = await send('POST', '/api/inbox/queues/next', superMember, { kind: 'withdrawal_review' });
    expect(empty.json()).toEqual({ success: true, item: null });
    expect((await send('POST', '/api/inbox/queues/next', admin, { kind: 'nope' })).statusCode).toBe(400);
  });

  it('routing pushes round robin, at most the cap each, past a member who is away; set by admins, audited, versioned', async () => {
    await clearWithdrawals();
    const ids = [await underReview(), await underReview(), await underReview(), await underReview()];
    const queue = (await queues(admin)).queues.find((q) => q.kind === 'withdrawal_review')!;
    const set = await send('PUT', '/api/inbox/queues/routing', admin, {
      kind: 'withdrawal_review',
      routing: 'round_robin',
      cap_per_member: 1,
      version: queue.version,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().queue).toMatchObject({ routing: 'round_robin', cap_per_member: 1, unassigned: 4 });
    const stale = await send('PUT', '/api/inbox/queues/routing', superMember, {
      kind: 'withdrawal_review',
      routing: 'manual',
      cap_per_member: null,
      version: queue.version,
    });
    expect(stale.json().code).toBe('STALE_EDIT');
    expect(
      (
        await send('PUT', '/api/inbox/queues/routing', manager, {
          kind: 'kyc_waiting',
          routing: 'manual',
          cap_per_member: null,
          version: 1,
        })
      ).statusCode,
    ).toBe(403);

    // The super is away for a day: routing passes them by.
    const away = await send('PUT', '/api/inbox/away', superMember, {
      until: new Date(t.clock.now().getTime() + 24 * HOUR).toISOString(),
    });
    expect(away.statusCode, away.body).toBe(200);
    expect((await queues(superMember)).away_until).toBe(away.json().away_until);

    // Every active member the kind reaches, not away: the admin (and any other approver the tests made).
    const others = await t.db.execute<{ id: number }>(sql`
      SELECT id FROM staff_members WHERE status = 'active' AND roles && '{admin,super}'::text[]
        AND user_name <> 'super'`);
    const pushed = await routing().route('test-route');
    expect(pushed).toBe(Math.min(others.rows.length, ids.length));
    const firstRound = await holders(ids);
    const superId = await memberId('super');
    expect(firstRound).not.toContain(superId);
    expect(firstRound).toContain(await memberId('admin'));
    // The cap: nobody holds two.
    const held = firstRound.filter((h) => h !== null);
    expect(new Set(held).size).toBe(held.length);
    // A second run has no one with room left.
    expect(await routing().route('test-route')).toBe(0);

    // Back at work: the super takes the next in turn.
    expect((await send('PUT', '/api/inbox/away', superMember, { until: null })).json()).toEqual({
      success: true,
      away_until: null,
    });
    if (held.length < ids.length) {
      expect(await routing().route('test-route')).toBe(1);
      expect(await holders(ids)).toContain(superId);
    }
    const audit = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM audit_log WHERE entity = 'work_item' AND action = 'assign'
        AND member_id IS NULL AND request_id = 'test-route'`);
    expect(audit.rows[0]!.n).toBe((await holders(ids)).filter((h) => h !== null).length);
    const settingsAudit = await t.db.execute<{ after: unknown }>(
      sql`SELECT after FROM audit_log WHERE entity = 'team_queue' AND entity_id = 'withdrawal_review'`,
    );
    expect(settingsAudit.rows).toEqual([{ after: { routing: 'round_robin', cap_per_member: 1 } }]);

    // By hand again: routing stops.
    const current = (await queues(admin)).queues.find((q) => q.kind === 'withdrawal_review')!;
    await send('PUT', '/api/inbox/queues/routing', admin, {
      kind: 'withdrawal_review',
      routing: 'manual',
      cap_per_member: null,
      version: current.version,
    });
    await underReview();
    expect(await routing().route('test-route')).toBe(0);
  });

  it('refuses an absence in the past or too far ahead', async () => {
    const at = t.clock.now().getTime();
    for (const until of [new Date(at - HOUR).toISOString(), new Date(at + 91 * 24 * HOUR).toISOString()]) {
      const refused = await send('PUT', '/api/inbox/away', admin, { until });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('INBOX_AWAY_INVALID');
    }
    expect((await send('PUT', '/api/inbox/away', admin, { until: 'tomorrow' })).statusCode).toBe(400);
  });

  it("the rebuild (and migration 0041) leaves team work in its assignee's inbox alone, with their read marks", async () => {
    await clearWithdrawals();
    const id = await underReview();
    const adminId = await memberId('admin');
    const superId = await memberId('super');
    await send('POST', '/api/inbox/queues/next', admin, { kind: 'withdrawal_review' });
    const work = await t.db.execute<{ id: number }>(
      sql`SELECT id FROM work_items WHERE source_ref = ${`wallet_transaction:${id}`}`,
    );
    const workId = work.rows[0]!.id;
    // The old model's copies: everyone who holds the kind's roles had one; the admin had read theirs.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('backdesk.inbox', 'off', true)`);
      await tx.execute(sql`
        INSERT INTO inbox_items (member_id, work_item_id, kind, pref_key, opened_at, assignee_id)
        SELECT ${superId}, id, kind, kind, opened_at, assignee_id FROM work_items WHERE id = ${workId}`);
      await tx.execute(
        sql`UPDATE inbox_items SET read_at = now() WHERE member_id = ${adminId} AND work_item_id = ${workId}`,
      );
    });
    await t.db.execute(sql`SELECT bd_inbox_rebuild()`);
    const copies = await t.db.execute<{ member_id: number; read: boolean }>(sql`
      SELECT member_id, read_at IS NOT NULL AS read FROM inbox_items WHERE work_item_id = ${workId}`);
    expect(copies.rows).toEqual([{ member_id: adminId, read: true }]);
  });
});
