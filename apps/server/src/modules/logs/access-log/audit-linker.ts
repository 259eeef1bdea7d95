import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';

/**
 * The audit trail's linker (migration 0064, docs/decisions/0032-audit-chain-linked-after-commit.md):
 * a row is written without its link, and one linker at a time, on whichever node gets the chain's
 * lock, links the rows of every finished transaction in (xid, id) order. No writer waits for it.
 */

/** Links one call makes: a few milliseconds of hashing, so the chain's lock is held briefly. */
const LINKS_PER_CALL = 5_000;

export interface Linked {
  /** Rows linked by this call. */
  linked: number;
  /** Every row of a transaction older than this one (xid8, as text) now has its link. */
  horizon: string;
}

/**
 * Links what is ready. With `wait`, waits for another node's linker and links to the end (what
 * verification needs); without it, answers null at once when another node is linking (the loop).
 * Each call is a transaction of its own, so the lock is never held across a caller's transaction.
 */
export async function linkAuditTrail(db: Db, opts: { wait: boolean }): Promise<Linked | null> {
  let total = 0;
  for (;;) {
    const { rows } = await db.execute<{ linked: number; horizon: string }>(
      sql`SELECT linked, horizon::text FROM bd_link_audit_log(${LINKS_PER_CALL}, ${opts.wait})`,
    );
    const { linked, horizon } = rows[0]!;
    if (linked < 0) return null;
    total += linked;
    if (linked < LINKS_PER_CALL) return { linked: total, horizon };
  }
}

/**
 * Links every row committed before the call: links, and while a transaction that was open at the
 * call is still open (it holds the horizon back, whichever database of the cluster it is in), waits
 * and links again, for at most `withinMs`. Answers the last call's figures and whether it got there.
 */
export async function linkCommitted(db: Db, withinMs: number): Promise<Linked & { complete: boolean }> {
  const { rows } = await db.execute<{ xmax: string }>(
    sql`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax`,
  );
  const target = BigInt(rows[0]!.xmax);
  const deadline = performance.now() + withinMs;
  for (;;) {
    const linked = (await linkAuditTrail(db, { wait: true }))!;
    const complete = BigInt(linked.horizon) >= target;
    if (complete || performance.now() > deadline) return { ...linked, complete };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
