import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { AppError } from '../../../lib/app-error.ts';
import { manualClock } from '../../../lib/clock.ts';
import { type Actor, createChanges } from '../audit/changes.ts';
import { createApprovalsRepository } from './approvals.repository.ts';
import { type ApprovalsService, createApprovalsService } from './approvals.service.ts';

/** A kind of the test's own: a commission rule's value, changed only once a second member approves. */
const KIND = 'commission_value';
const HOUR = 3_600_000;

const t = useTestApp();
let clock: ReturnType<typeof manualClock>;
let approvals: ApprovalsService;
let asker: Actor;
let approver: Actor;
let other: Actor;

const actorOf = async (userName: string): Promise<Actor> => {
  const row = await t.db.execute<{ id: number }>(
    sql`SELECT id FROM staff_members WHERE user_name = ${userName}`,
  );
  return { memberId: row.rows[0]!.id, requestId: `test-${randomUUID()}` };
};

beforeAll(async () => {
  await t.db.execute(sql`INSERT INTO staff_members (user_name, display_name, password_hash, roles)
    VALUES ('approvals-third', 'Third Approver', 'not-a-hash', '{admin}')`);
  [asker, approver, other] = [
    await actorOf('admin'),
    await actorOf('super'),
    await actorOf('approvals-third'),
  ];
});

beforeEach(() => {
  // A fresh service and clock per test: nothing carries over but the database rows each test makes.
  clock = manualClock('2030-01-01T09:00:00Z');
  approvals = createApprovalsService({
    db: t.db,
    clock,
    changes: createChanges(t.db),
    repo: createApprovalsRepository(),
  });
  approvals.registerKind(KIND, {
    entity: 'commission_rule',
    ttlMs: 24 * HOUR,
    lockSubject: async (tx, entityId) => {
      await tx.execute(sql`SELECT 1 FROM commission_rules WHERE id = ${Number(entityId)} FOR UPDATE`);
    },
    apply: async (tx, request) => {
      await tx.execute(
        sql`UPDATE commission_rules SET value = ${String(request.payload.value)} WHERE id = ${Number(request.entityId)}`,
      );
    },
  });
});

/** A commission rule of the test's own and a pending request to set its value to 0.5. */
async function requested(by: Actor = asker) {
  const rule = await t.db.execute<{ id: number }>(sql`INSERT INTO commission_rules (operation, kind, value)
    VALUES ('trade', 'percent', '0.2') RETURNING id`);
  const entityId = String(rule.rows[0]!.id);
  const request = await approvals.request(by, {
    kind: KIND,
    entityId,
    payload: { value: '0.5' },
    reason: 'Market move',
  });
  return { entityId, request };
}
const ruleValue = async (entityId: string) =>
  (
    await t.db.execute<{ v: string }>(
      sql`SELECT trim_scale(value)::text AS v FROM commission_rules WHERE id = ${Number(entityId)}`,
    )
  ).rows[0]!.v;
const auditOf = async (requestId: number) =>
  (
    await t.db.execute<{ action: string; member_id: number | null; before: unknown; after: unknown }>(
      sql`SELECT action, member_id, before, after FROM audit_log
          WHERE entity = 'approval_request' AND entity_id = ${String(requestId)} ORDER BY id`,
    )
  ).rows;
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'fulfilled',
    (err: unknown) => (err instanceof AppError ? err.code : String(err)),
  );

describe('approval requests', () => {
  it('asks once: a second request for the same change joins the open one, writing nothing', async () => {
    const { entityId, request } = await requested();
    expect(request).toMatchObject({
      status: 'pending',
      requested_by: { user_name: 'admin' },
      request_reason: 'Market move',
      requested_at: '2030-01-01T09:00:00.000Z',
      expires_at: '2030-01-02T09:00:00.000Z',
      version: 1,
    });
    const again = await approvals.request(other, {
      kind: KIND,
      entityId,
      payload: { value: '0.7' },
      reason: null,
    });
    expect(again).toMatchObject({
      id: request.id,
      requested_by: { user_name: 'admin' },
      payload: { value: '0.5' },
    });
    expect((await auditOf(request.id)).map((r) => [r.action, r.member_id])).toEqual([
      ['request_approval', asker.memberId],
    ]);
  });

  it("refuses the asker's own approval and changes nothing", async () => {
    const { entityId, request } = await requested();
    expect(await codeOf(approvals.decide(asker, request.id, 1, { approve: true, reason: null }))).toBe(
      'APPROVAL_OWN_REQUEST',
    );
    expect(await ruleValue(entityId)).toBe('0.2');
    expect((await approvals.view(request.id)).status).toBe('pending');
  });

  it("a different member's approval applies the change in the same transaction, with one audit row", async () => {
    const { entityId, request } = await requested();
    const decided = await approvals.decide(approver, request.id, 1, { approve: true, reason: 'Checked' });
    expect(decided).toMatchObject({
      status: 'approved',
      decided_by: { user_name: 'super' },
      decision_reason: 'Checked',
      decided_at: '2030-01-01T09:00:00.000Z',
      version: 2,
    });
    expect(await ruleValue(entityId)).toBe('0.5');
    const audit = await auditOf(request.id);
    expect(audit.map((r) => r.action)).toEqual(['request_approval', 'approve']);
    expect(audit[1]).toMatchObject({
      member_id: approver.memberId,
      before: { status: 'pending', decided_by: null, decision_reason: null },
      after: { status: 'approved', decided_by: approver.memberId, decision_reason: 'Checked' },
    });
    expect(await codeOf(approvals.decide(other, request.id, 2, { approve: true, reason: null }))).toBe(
      'APPROVAL_ALREADY_DECIDED',
    );
  });

  it('of two members approving at once exactly one wins; the other is told it is decided', async () => {
    const { entityId, request } = await requested();
    const outcomes = await Promise.all([
      codeOf(approvals.decide(approver, request.id, 1, { approve: true, reason: null })),
      codeOf(approvals.decide(other, request.id, 1, { approve: true, reason: null })),
    ]);
    expect(outcomes.sort()).toEqual(['APPROVAL_ALREADY_DECIDED', 'fulfilled']);
    expect(await ruleValue(entityId)).toBe('0.5');
    expect((await auditOf(request.id)).filter((r) => r.action === 'approve')).toHaveLength(1);
  });

  it('rejects with a reason, leaving the record as it was', async () => {
    const { entityId, request } = await requested();
    const rejected = await approvals.decide(approver, request.id, 1, { approve: false, reason: 'Too steep' });
    expect(rejected).toMatchObject({
      status: 'rejected',
      decided_by: { user_name: 'super' },
      decision_reason: 'Too steep',
    });
    expect(await ruleValue(entityId)).toBe('0.2');
    expect((await auditOf(request.id)).map((r) => r.action)).toEqual(['request_approval', 'reject']);
  });

  it('refuses a decision on a version the member did not see', async () => {
    const { request } = await requested();
    expect(await codeOf(approvals.decide(approver, request.id, 7, { approve: true, reason: null }))).toBe(
      'STALE_EDIT',
    );
    expect(
      await codeOf(approvals.decide(approver, request.id + 100_000, 1, { approve: true, reason: null })),
    ).toBe('APPROVAL_NOT_FOUND');
  });

  it('lets only the asker cancel', async () => {
    const { entityId, request } = await requested();
    expect(await codeOf(approvals.cancel(approver, request.id, 1, null))).toBe('APPROVAL_NOT_REQUESTER');
    expect(await approvals.cancel(asker, request.id, 1, 'Not needed')).toMatchObject({ status: 'cancelled' });
    expect(await ruleValue(entityId)).toBe('0.2');
    expect((await auditOf(request.id)).map((r) => r.action)).toEqual(['request_approval', 'cancel']);
  });
});

describe('expiry, by the clock', () => {
  it('a request touched after its expiry is expired (and stays so), with a row no member wrote', async () => {
    const { entityId, request } = await requested();
    clock.advance(24 * HOUR - 1);
    expect((await approvals.view(request.id)).status).toBe('pending');
    clock.advance(1);
    expect((await approvals.view(request.id)).status).toBe('expired'); // reads as of now, before any sweep
    expect(await codeOf(approvals.decide(approver, request.id, 1, { approve: true, reason: null }))).toBe(
      'APPROVAL_EXPIRED',
    );
    expect(await ruleValue(entityId)).toBe('0.2');
    const stored = await t.db.execute<{ status: string; at_expiry: boolean }>(
      sql`SELECT status, decided_at = '2030-01-02T09:00:00Z'::timestamptz AS at_expiry
          FROM approval_requests WHERE id = ${request.id}`,
    );
    expect(stored.rows[0]).toEqual({ status: 'expired', at_expiry: true });
    expect((await auditOf(request.id)).map((r) => [r.action, r.member_id])).toEqual([
      ['request_approval', asker.memberId],
      ['expire', null],
    ]);

    // A new request for the same change starts afresh.
    const fresh = await approvals.request(other, {
      kind: KIND,
      entityId,
      payload: { value: '0.6' },
      reason: null,
    });
    expect(fresh).toMatchObject({ status: 'pending', requested_by: { user_name: 'approvals-third' } });
    expect(fresh.id).not.toBe(request.id);
  });

  it('the sweep marks every lapsed request expired, once', async () => {
    const [one, two] = [await requested(), await requested()];
    clock.advance(2 * HOUR);
    const young = await requested();
    clock.advance(23 * HOUR);
    // Requests of earlier tests lapse too (same start time): the sweep expires exactly the due ones.
    const due = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM approval_requests
      WHERE status = 'pending' AND expires_at <= ${clock.now().toISOString()}::timestamptz`);
    expect(due.rows[0]!.n).toBeGreaterThanOrEqual(2);
    expect(await approvals.expireDue()).toBe(due.rows[0]!.n);
    expect((await approvals.view(one.request.id)).status).toBe('expired');
    expect((await approvals.view(two.request.id)).status).toBe('expired');
    expect((await approvals.view(young.request.id)).status).toBe('pending');
    expect(await approvals.expireDue()).toBe(0);
    expect((await auditOf(one.request.id)).map((r) => r.action)).toEqual(['request_approval', 'expire']);
  });
});
