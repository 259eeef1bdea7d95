import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import type { Tx } from '../../../db/client.ts';
import { manualClock } from '../../../lib/clock.ts';
import { createChanges } from '../audit/changes.ts';
import { createIdempotencyRepository } from './idempotency.repository.ts';
import { createIdempotencyService, hashRequestBody, type IdempotentCall } from './idempotency.service.ts';

const t = useTestApp();
let memberId: number;
let customerId: number;
beforeAll(async () => {
  const first = async (query: ReturnType<typeof sql>) =>
    (await t.db.execute<{ id: number }>(query)).rows[0]!.id;
  memberId = await first(sql`SELECT id FROM staff_members WHERE user_name = 'admin'`);
  customerId = await first(sql`SELECT id::int AS id FROM customers ORDER BY id LIMIT 1`);
});

/** Every test claims its own key, so none depends on what another left behind. */
const freshCall = (body: unknown = { a: 1 }): IdempotentCall => ({
  owner: memberId,
  key: `key-${randomUUID()}`,
  route: '/api/x',
  body,
});

const storedAnswer = async (call: IdempotentCall) =>
  (
    await t.db.execute<{ response: unknown; status_code: number | null }>(
      sql`SELECT response, status_code FROM idempotency_keys WHERE member_id = ${call.owner} AND key = ${call.key}`,
    )
  ).rows[0];

const auditRows = async (requestId: string) =>
  (
    await t.db.execute<{ action: string; after: unknown }>(
      sql`SELECT action, after FROM audit_log WHERE request_id = ${requestId}`,
    )
  ).rows;

describe('idempotency', () => {
  it('runs a request once and answers its retries with the first result', async () => {
    const service = createIdempotencyService({ db: t.db, clock: t.clock });
    const call = freshCall();
    const work = vi.fn(async () => ({ created: randomUUID() }));
    const concurrent = await Promise.allSettled([service.run(call, work), service.run(call, work)]);
    const retry = await service.run(call, work);
    expect(work).toHaveBeenCalledTimes(1);
    const answered = concurrent.filter((r) => r.status === 'fulfilled').map((r) => r.value);
    expect(answered.length).toBeGreaterThan(0);
    for (const value of answered) expect(value).toEqual(retry);
    // A concurrent twin is either answered the same or told the first is still running.
    for (const r of concurrent.filter((r) => r.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'REQUEST_IN_PROGRESS' });
    }
  });

  it('refuses the same key for a different request', async () => {
    const service = createIdempotencyService({ db: t.db, clock: t.clock });
    const call = freshCall({ a: 1 });
    await service.run(call, async () => 'first');
    await expect(service.run({ ...call, body: { a: 2 } }, async () => 'second')).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    await expect(service.run({ ...call, route: '/api/y' }, async () => 'second')).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
  });

  it('releases the key when the request fails, so a corrected retry runs', async () => {
    const service = createIdempotencyService({ db: t.db, clock: t.clock });
    const call = freshCall();
    await expect(service.run(call, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await storedAnswer(call)).toBeUndefined();
    await expect(service.run(call, async () => 'ok')).resolves.toBe('ok');
  });

  it('gives up a claim whose request never finished (the process died) once it is a minute old', async () => {
    const clock = manualClock(new Date());
    const service = createIdempotencyService({ db: t.db, clock });
    const call = freshCall();
    const requestHash = hashRequestBody(call.body);
    await createIdempotencyRepository().claim(t.db, { ...call, requestHash, createdAt: clock.now() });
    clock.advance(59_000);
    await expect(service.run(call, async () => 'retried')).rejects.toMatchObject({
      code: 'REQUEST_IN_PROGRESS',
    });
    clock.advance(2_000);
    await expect(service.run(call, async () => 'retried')).resolves.toBe('retried');
    expect(await storedAnswer(call)).toEqual({ response: 'retried', status_code: 200 });
  });
});

describe('idempotency with an audited change', () => {
  const renameCustomer = (alias: string, after?: () => Promise<void>) => async (tx: Tx) => {
    const [before] = (
      await tx.execute<{ alias_name: string | null }>(
        sql`SELECT alias_name FROM customers WHERE id = ${customerId}`,
      )
    ).rows;
    await tx.execute(sql`UPDATE customers SET alias_name = ${alias} WHERE id = ${customerId}`);
    await after?.();
    return {
      result: { alias },
      change: {
        entity: 'customer' as const,
        action: 'update' as const,
        entityId: customerId,
        before: { alias_name: before!.alias_name },
        after: { alias_name: alias },
      },
    };
  };

  it('commits the change, its audit row and the stored answer together, and a retry changes nothing', async () => {
    const service = createIdempotencyService({ db: t.db, clock: t.clock });
    const changes = createChanges(t.db);
    const call = freshCall({ alias: 'Idem' });
    const actor = { memberId, requestId: randomUUID() };
    const alias = `Idem ${randomUUID().slice(0, 8)}`;
    let seenFromOutside: unknown[] | undefined;
    const work = vi.fn(() =>
      changes.run(
        actor,
        renameCustomer(alias, async () => {
          seenFromOutside = await auditRows(actor.requestId);
        }),
      ),
    );
    await expect(service.run(call, work)).resolves.toEqual({ alias });
    // While the request ran, nothing of it was visible outside its transaction.
    expect(seenFromOutside).toEqual([]);
    expect(await auditRows(actor.requestId)).toEqual([{ action: 'update', after: { alias_name: alias } }]);
    expect(await storedAnswer(call)).toEqual({ response: { alias }, status_code: 200 });

    await expect(service.run(call, work)).resolves.toEqual({ alias });
    expect(work).toHaveBeenCalledTimes(1);
    expect(await auditRows(actor.requestId)).toHaveLength(1);
  });

  it('leaves neither the change, an audit row nor a stored answer when the request fails after its change', async () => {
    const service = createIdempotencyService({ db: t.db, clock: t.clock });
    const changes = createChanges(t.db);
    const call = freshCall({ alias: 'Doomed' });
    const actor = { memberId, requestId: randomUUID() };
    const aliasBefore = (
      await t.db.execute<{ alias_name: string | null }>(
        sql`SELECT alias_name FROM customers WHERE id = ${customerId}`,
      )
    ).rows[0]!.alias_name;
    const work = async () => {
      await changes.run(actor, renameCustomer('Doomed'));
      throw new Error('answer could not be built');
    };
    await expect(service.run(call, work)).rejects.toThrow('answer could not be built');
    expect(await auditRows(actor.requestId)).toEqual([]);
    expect(await storedAnswer(call)).toBeUndefined();
    const aliasAfter = (
      await t.db.execute<{ alias_name: string | null }>(
        sql`SELECT alias_name FROM customers WHERE id = ${customerId}`,
      )
    ).rows[0]!.alias_name;
    expect(aliasAfter).toBe(aliasBefore);
  });
});
