import { and, eq, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { idempotencyKeys, integrationIdempotencyKeys } from '../../../db/schema.ts';

export type IdempotencyRow = Omit<typeof idempotencyKeys.$inferSelect, 'memberId'>;

/**
 * Whose keys a store holds: a staff member's (`idempotency_keys`) or an integration's on the public
 * API (`integration_idempotency_keys`, docs/decisions/0025-exchange-integration.md). Same columns,
 * its owner column apart.
 */
const STORES = {
  member: { table: idempotencyKeys, owner: idempotencyKeys.memberId, ownerField: 'memberId' },
  integration: {
    table: integrationIdempotencyKeys,
    owner: integrationIdempotencyKeys.integrationId,
    ownerField: 'integrationId',
  },
} as const;
export type IdempotencyStore = keyof typeof STORES;

export function createIdempotencyRepository(store: IdempotencyStore = 'member') {
  // One of two tables of the same shape: the casts only pick which.
  const { owner: ownerColumn, ownerField } = STORES[store];
  const table = STORES[store].table as typeof idempotencyKeys;
  const byKey = (owner: number, key: string) => and(eq(ownerColumn, owner), eq(table.key, key));
  return {
    /** Claims the key; false when a request with it was seen before (the primary key decides). */
    async claim(
      db: DbOrTx,
      row: { owner: number; key: string; route: string; requestHash: string; createdAt: Date },
    ) {
      const { owner, ...rest } = row;
      const values = { ...rest, [ownerField]: owner } as typeof idempotencyKeys.$inferInsert;
      const inserted = await db.insert(table).values(values).onConflictDoNothing().returning();
      return inserted.length === 1;
    },

    async find(db: DbOrTx, owner: number, key: string): Promise<IdempotencyRow | undefined> {
      const [row] = await db
        .select({
          key: table.key,
          route: table.route,
          requestHash: table.requestHash,
          statusCode: table.statusCode,
          response: table.response,
          createdAt: table.createdAt,
        })
        .from(table)
        .where(byKey(owner, key));
      return row;
    },

    async complete(db: DbOrTx, owner: number, key: string, response: unknown): Promise<void> {
      await db.update(table).set({ statusCode: 200, response }).where(byKey(owner, key));
    },

    async release(db: DbOrTx, owner: number, key: string): Promise<void> {
      await db.delete(table).where(byKey(owner, key));
    },

    /** Releases a claim whose request never finished; one that committed its answer stays. */
    async releaseUnfinished(db: DbOrTx, owner: number, key: string): Promise<void> {
      await db.delete(table).where(and(byKey(owner, key), isNull(table.statusCode)));
    },

    async purgeOlderThan(db: DbOrTx, cutoff: Date): Promise<void> {
      await db.delete(table).where(lt(table.createdAt, cutoff));
    },
  };
}
