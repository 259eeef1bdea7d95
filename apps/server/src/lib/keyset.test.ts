import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/harness.ts';
import { customers } from '../db/schema.ts';
import { keysetPage } from './keyset.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Row = { id: number; name: string };
const order = (dir: 'asc' | 'desc') => ({
  sort: sql`coalesce(${customers.aliasName}, '')`,
  id: sql`${customers.id}`,
  dir,
});

const page = (dir: 'asc' | 'desc', cursor?: string) =>
  keysetPage<Row>(
    order(dir),
    { cursor, limit: 7 },
    (r) => [r.name, r.id],
    ({ where, orderBy, limit }) =>
      t.db
        .select({ id: customers.id, name: sql<string>`coalesce(${customers.aliasName}, '')` })
        .from(customers)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit),
  );

describe('keysetPage', () => {
  it('walks forward over every row in order and back again', async () => {
    const all = await t.db
      .select({ id: customers.id, name: sql<string>`coalesce(${customers.aliasName}, '')` })
      .from(customers)
      .orderBy(sql`coalesce(${customers.aliasName}, '') desc`, sql`${customers.id} desc`);
    const seen: Row[] = [];
    const cursors: (string | undefined)[] = [undefined];
    let current = await page('desc');
    expect(current.prevCursor).toBeNull();
    for (;;) {
      seen.push(...current.items);
      if (!current.nextCursor) break;
      cursors.push(current.nextCursor);
      current = await page('desc', current.nextCursor);
    }
    expect(seen).toEqual(all);
    // Back from the last page: the previous page equals the one seen before it.
    const back = await page('desc', current.prevCursor!);
    expect(back.items).toEqual(
      all.slice(seen.length - current.items.length - 7, seen.length - current.items.length),
    );
    expect(back.nextCursor).not.toBeNull();
  });

  it('refuses a cursor it did not make', async () => {
    await expect(page('asc', 'bm90LWEtY3Vyc29y')).rejects.toMatchObject({ code: 'INVALID_CURSOR' });
  });
});
