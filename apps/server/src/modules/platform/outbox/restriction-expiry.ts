import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Changes } from '../audit/changes.ts';

/**
 * A restriction ends by time, with nobody acting: this job (once across nodes, app.jobs) records each
 * end once, by the system, as an `expire` change — so it is audited and becomes restriction.expired.
 */
export async function announceExpiredRestrictions(db: Db, changes: Changes, batch = 200): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    SELECT id FROM customer_restrictions
     WHERE expiry_announced_at IS NULL AND lifted_at IS NULL AND ends_at IS NOT NULL AND ends_at <= now()
     ORDER BY ends_at LIMIT ${batch}`);
  let announced = 0;
  for (const { id } of rows) {
    const done = await changes.run(
      { memberId: null, requestId: `restriction-expiry-${randomUUID()}` },
      async (tx) => {
        // Locked and re-checked: a lift or another node's run in between leaves nothing to announce.
        const { rows: locked } = await tx.execute<{ customer_id: number; kind: string; ends_at: Date }>(sql`
        UPDATE customer_restrictions SET expiry_announced_at = now()
         WHERE id = ${id} AND expiry_announced_at IS NULL AND lifted_at IS NULL
         RETURNING customer_id::int, kind, ends_at`);
        const r = locked[0];
        if (!r) return { result: false, change: null };
        return {
          result: true,
          change: {
            entity: 'customer_restriction' as const,
            action: 'expire' as const,
            entityId: id,
            customerId: r.customer_id,
            before: { status: 'active' },
            after: { status: 'expired', kind: r.kind, ends_at: new Date(r.ends_at).toISOString() },
          },
        };
      },
    );
    if (done) announced++;
  }
  return announced;
}
