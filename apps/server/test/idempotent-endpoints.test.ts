import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contractEndpoints } from './contract-endpoints.ts';
import { VALID_CALLS } from './endpoint-fixtures.ts';
import { useTestApp } from './harness.ts';

/**
 * Every `idempotent: true` endpoint of the contract, walked from the contract (docs/product-rules.md
 * R19): the same Idempotency-Key sent twice gives the first answer back and one change — one audit
 * row — however often the client retries.
 */
const t = useTestApp();
const sessions = { manager: t.session('manager'), admin: t.session('admin'), super: t.session('super') };

const idempotent = contractEndpoints().filter((e) => e.idempotent);
const auditRows = async () =>
  Number((await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log`)).rows[0]!.n);

describe('a repeated Idempotency-Key answers once', () => {
  it('knows a valid call for every idempotent endpoint', () => {
    const missing = idempotent.map((e) => `${e.method} ${e.path}`).filter((route) => !VALID_CALLS[route]);
    expect(missing).toEqual([]);
    expect(idempotent.length).toBeGreaterThanOrEqual(17);
  });

  it.each(idempotent.map((e) => [`${e.method} ${e.path}`] as const))('%s', async (route) => {
    const [method, url] = route.split(' ') as ['POST', string];
    const { who, body, query, form, auditRows: written = 1 } = await VALID_CALLS[route]!(t, sessions);
    const key = `walk-${randomUUID()}`;
    const target = query ? `${url}?${new URLSearchParams(query)}` : url;
    const send = () =>
      t.app.inject({
        method,
        url: target,
        payload: form?.payload ?? body,
        headers: { ...sessions[who], ...form?.headers, 'idempotency-key': key },
      });
    const before = await auditRows();
    const first = await send();
    expect([first.statusCode, first.json().code]).toEqual([200, undefined]);
    const retries = await Promise.all([send(), send(), send()]);
    const again = await send();
    expect(await auditRows()).toBe(before + written);
    expect(again.json()).toEqual(first.json());
    // A retry racing the first is answered once too: the first answer, or "still in progress".
    for (const retry of retries) expect([200, 409]).toContain(retry.statusCode);
  });
});
