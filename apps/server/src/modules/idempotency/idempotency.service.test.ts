import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { createIdempotencyService } from './idempotency.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('idempotency', () => {
  const call = { memberId: 1, key: 'key-0001-abc', route: '/api/x', body: { a: 1 } };

  it('runs a request once and answers its retries with the first result', async () => {
    const service = createIdempotencyService(t.db);
    const work = vi.fn(async () => ({ created: Math.random() }));
    const results = await Promise.allSettled([service.run(call, work), service.run(call, work)]);
    const first = await service.run(call, work);
    expect(work).toHaveBeenCalledTimes(1);
    const fulfilled = results.filter((r) => r.status === 'fulfilled').map((r) => r.value);
    for (const value of fulfilled) expect(value).toEqual(first);
  });

  it('refuses the same key for a different request', async () => {
    const service = createIdempotencyService(t.db);
    await expect(service.run({ ...call, body: { a: 2 } }, async () => 1)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('releases the key when the request fails, so a corrected retry runs', async () => {
    const service = createIdempotencyService(t.db);
    const retry = { ...call, key: 'key-0002-abc' };
    await expect(service.run(retry, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(service.run(retry, async () => 'ok')).resolves.toBe('ok');
  });
});
