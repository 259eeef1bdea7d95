import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { idempotencyKeys } from '../../../db/schema.ts';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

const byKey = (memberId: number, key: string) =>
  and(eq(idempotencyKeys.memberId, memberId), eq(idempotencyKeys.key, key));

export function createIdempotencyRepository() {
  return {
    /** Claims the key; false when a request with it was seen before (the primary key decides). */
    async claim(
      db: DbOrTx,
      row: { memberId: number; key: string; route: string; requestHash: string; createdAt: Date },
    ) {
      const inserted = await db.insert(idempotencyKeys).values(row).onConflictDoNothing().returning();
      return inserted.length === 1;
    },

    async find(db: DbOrTx, memberId: number, key: string): Promise<IdempotencyRow | undefined> {
      const [row] = await db.select().from(idempotencyKeys).where(byKey(memberId, key));
      return row;
    },

    async complete(db: DbOrTx, memberId: number, key: string, response: unknown): Promise<void> {
      await db.update(idempotencyKeys).set({ statusCode: 200, response }).where(byKey(memberId, key));
    },

    async release(db: DbOrTx, memberId: number, key: string): Promise<void> {
      await db.delete(idempotencyKeys).where(byKey(memberId, key));
    },

    async purgeOlderThan(db: DbOrTx, cutoff: Date): Promise<void> {
      await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff));
    },
  };
}
