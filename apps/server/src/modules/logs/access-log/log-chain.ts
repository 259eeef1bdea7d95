import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { ChainBreak, LogName, VerifyResult } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { linkCommitted } from './audit-linker.ts';

/**
 * The hash chains of the access log and the audit trail (docs/decisions/0008-tamper-evident-logs.md).
 * The database chains every row (the access log at insert, migration 0013; the audit trail after
 * commit by its linker, 0064, audit-linker.ts); this module verifies the chains and writes the signed
 * checkpoints — seals of the chain head and retention cuts — with a key derived
 * from the deployment secret, which the database's owner does not hold.
 */

export const CHAINED_TABLES = { access: 'access_log', audit: 'audit_log' } as const;
type Table = (typeof CHAINED_TABLES)[LogName];

/**
 * What verification walks (migration 0030): one link per row, in chain order (`pos`), with the row's
 * id, its stored hash and the row's canonical text now. The access log's rows are their own links
 * (pos = id); the audit trail's links are written by its linker into `audit_chain`, so its order is
 * the links' sequence, not the rows' ids.
 */
const LINKS: Record<Table, string> = { access_log: 'access_log_links', audit_log: 'audit_log_links' };
/**
 * A chain whose links are made apart from its rows, after commit (the audit trail's linker, 0064):
 * `link` brings them up to date before the chain is read (what committed before, waiting a little for
 * transactions still open) and answers the horizon it linked below; `unlinked` finds a row no link
 * holds though the linker has passed it — possible only for a row written with an xid it never reaches.
 */
const LINKED_AFTER_COMMIT: Partial<
  Record<Table, { link: (db: Db) => Promise<string>; unlinked: (horizon: string) => SQL }>
> = {
  audit_log: {
    link: async (db) => (await linkCommitted(db, SETTLE_MS)).horizon,
    unlinked: (horizon) => sql`SELECT min(a.id)::text AS id FROM audit_log a
      WHERE a.xid < ${horizon}::xid8 AND NOT EXISTS (SELECT 1 FROM audit_chain c WHERE c.audit_id = a.id)`,
  },
};
/** How long verification and sealing wait for open transactions to end before judging the rest. */
const SETTLE_MS = 2_000;
const GENESIS = Buffer.alloc(32);
/** Links recomputed per statement: large enough to amortise the round trip, small enough to stream. */
const BATCH = 100_000;
/** Parts of a chain checked at once: one per core of the machine it was measured on (bench:logs). */
const VERIFY_WORKERS = 2;

export interface Checkpoint {
  log: Table;
  kind: 'seal' | 'cut';
  /** The link's place in the chain (for the access log, the row's id). */
  rowId: number;
  rowHash: Buffer;
  deleted: number | null;
}

/** Signs and checks checkpoints with a key derived from the deployment secret (APP_SECRET). */
export function checkpointSigner(secret: string) {
  const key = createHmac('sha256', secret).update('backdesk log checkpoints').digest();
  const keyId = createHash('sha256').update(key).digest('hex').slice(0, 16);
  const message = (c: Checkpoint) =>
    [c.log, c.kind, c.rowId, c.rowHash.toString('hex'), c.deleted ?? ''].join('|');
  const sign = (c: Checkpoint) => createHmac('sha256', key).update(message(c)).digest();
  return {
    keyId,
    sign,
    verify(c: Checkpoint, signature: Buffer): boolean {
      const expected = sign(c);
      return signature.length === expected.length && timingSafeEqual(signature, expected);
    },
  };
}
export type CheckpointSigner = ReturnType<typeof checkpointSigner>;

type CheckpointRow = {
  kind: 'seal' | 'cut';
  row_id: string;
  row_hash: Buffer;
  deleted: string | null;
  signature: Buffer;
  /** The sealed link's hash now and the row it holds (null when the link is gone). */
  current: Buffer | null;
  current_id: string | null;
};

const checkpointOf = (log: Table, r: CheckpointRow): Checkpoint => ({
  log,
  kind: r.kind,
  rowId: Number(r.row_id),
  rowHash: r.row_hash,
  deleted: r.deleted === null ? null : Number(r.deleted),
});

type Batch = {
  broken_pos: string | null;
  broken_id: string | null;
  last_pos: string | null;
  last_hash: Buffer | null;
  n: number;
};

/** A failing link: where it stands in the chain, and the row it holds (what staff look up). */
interface Break {
  pos: number;
  id: number;
  reason: ChainBreak;
}

/**
 * Recomputes one batch of links in (after, upTo]: each link's hash must be sha256 of the previous
 * link's stored hash and its row's text. Every link is checked on its own, so a batch is one
 * set-based statement; `prev` links the batch's first link to the one before it.
 */
async function checkBatch(
  db: DbOrTx,
  links: string,
  after: number,
  upTo: number,
  prev: Buffer,
): Promise<Batch> {
  const { rows } = await db.execute<Batch>(sql`
    WITH b AS MATERIALIZED (
      SELECT pos, id, hash, coalesce(lag(hash) OVER (ORDER BY pos), ${prev}::bytea) AS prev, body
      FROM (SELECT * FROM ${sql.identifier(links)} WHERE pos > ${after} AND pos <= ${upTo} ORDER BY pos LIMIT ${BATCH}) t),
    broken AS (
      SELECT pos, id FROM b WHERE hash IS DISTINCT FROM sha256(prev || convert_to(body, 'UTF8')) ORDER BY pos LIMIT 1)
    SELECT (SELECT pos FROM broken)::text AS broken_pos, (SELECT id FROM broken)::text AS broken_id,
      (SELECT pos FROM b ORDER BY pos DESC LIMIT 1)::text AS last_pos,
      (SELECT hash FROM b ORDER BY pos DESC LIMIT 1) AS last_hash,
      (SELECT count(*) FROM b)::int AS n`);
  return rows[0]!;
}

interface RangeResult {
  checked: number;
  broken: Break | null;
}

/** Walks (after, upTo] batch by batch; the first link follows the stored hash of the link before it. */
async function checkRange(
  db: DbOrTx,
  links: string,
  after: number,
  upTo: number,
  start: Buffer,
): Promise<RangeResult> {
  const { rows } = await db.execute<{ hash: Buffer }>(
    sql`SELECT l.hash FROM ${sql.identifier(links)} l WHERE l.pos <= ${after} ORDER BY l.pos DESC LIMIT 1`,
  );
  let prev = rows[0]?.hash ?? start;
  let checked = 0;
  for (let from = after; ; ) {
    const batch = await checkBatch(db, links, from, upTo, prev);
    checked += batch.n;
    if (batch.broken_pos !== null) {
      const broken = {
        pos: Number(batch.broken_pos),
        id: Number(batch.broken_id),
        reason: 'hash_mismatch' as const,
      };
      return { checked, broken };
    }
    if (batch.n < BATCH) return { checked, broken: null };
    from = Number(batch.last_pos);
    prev = batch.last_hash!;
  }
}

/**
 * Verifies a log: the signed retention cut it starts from, every link of the chain after it, every
 * signed seal against the link it names, and (where links live apart) that every row has a link: the
 * audit trail is linked first, up to the transactions still open, whose rows are not yet the chain's.
 * Reports the first row that fails, or "intact through row N". Reads the links up to the last one it
 * saw at the start, in batches, so links appended meanwhile do not disturb it.
 */
export async function verifyChain(db: Db, log: LogName, signer: CheckpointSigner): Promise<VerifyResult> {
  const started = performance.now();
  const table = CHAINED_TABLES[log];
  const links = LINKS[table];
  const apart = LINKED_AFTER_COMMIT[table];
  const horizon = await apart?.link(db);
  const { rows: checkpoints } = await db.execute<CheckpointRow>(sql`
    SELECT c.kind, c.row_id::text, c.row_hash, c.deleted::text, c.signature, l.hash AS current, l.id::text AS current_id
    FROM log_checkpoints c LEFT JOIN ${sql.identifier(links)} l ON c.kind = 'seal' AND l.pos = c.row_id
    WHERE c.log = ${table} ORDER BY c.row_id, c.id`);

  const breaks: Break[] = [];
  const cuts = checkpoints.filter((c) => c.kind === 'cut');
  const cut = cuts.at(-1);
  for (const c of cuts) {
    const pos = Number(c.row_id);
    if (!signer.verify(checkpointOf(table, c), c.signature))
      breaks.push({ pos, id: pos, reason: 'bad_signature' });
  }
  const cutThrough = cut ? Number(cut.row_id) : null;
  const start = cut ? cut.row_hash : GENESIS;
  const after = cutThrough ?? 0;
  const { rows: heads } = await db.execute<{ pos: string; id: string }>(
    sql`SELECT l.pos::text AS pos, l.id::text AS id FROM ${sql.identifier(links)} l ORDER BY l.pos DESC LIMIT 1`,
  );
  const head = heads[0] ? { pos: Number(heads[0].pos), id: Number(heads[0].id) } : null;
  let checked = 0;
  if (head && head.pos > after) {
    // Links are independent, so the chain splits into parts checked side by side.
    const step = Math.ceil((head.pos - after) / VERIFY_WORKERS);
    const parts = await Promise.all(
      Array.from({ length: VERIFY_WORKERS }, (_, i) => after + i * step)
        .filter((lo) => lo < head.pos)
        .map((lo) => checkRange(db, links, lo, Math.min(head.pos, lo + step), start)),
    );
    for (const part of parts) {
      checked += part.checked;
      if (part.broken) breaks.push(part.broken);
    }
  }

  const seals = checkpoints.filter((c) => c.kind === 'seal' && Number(c.row_id) > (cutThrough ?? 0));
  for (const s of seals) {
    const pos = Number(s.row_id);
    const id = s.current_id === null ? pos : Number(s.current_id);
    if (!signer.verify(checkpointOf(table, s), s.signature))
      breaks.push({ pos, id, reason: 'bad_signature' });
    else if (!s.current?.equals(s.row_hash)) breaks.push({ pos, id, reason: 'seal_mismatch' });
  }

  if (apart && horizon !== undefined) {
    const { rows } = await db.execute<{ id: string | null }>(apart.unlinked(horizon));
    const id = rows[0]?.id;
    // A row outside the chain has no place in it; it is reported after any broken link.
    if (id) breaks.push({ pos: Number.POSITIVE_INFINITY, id: Number(id), reason: 'unchained' });
  }

  const first = breaks.sort((a, b) => a.pos - b.pos)[0];
  return {
    log,
    intact: !first,
    checked,
    through_id: first || checked === 0 || !head ? null : head.id,
    broken_id: first?.id ?? null,
    reason: first?.reason ?? null,
    cut_through_id: cutThrough,
    seals: seals.length,
    ms: Math.round(performance.now() - started),
  };
}

/**
 * Seals the head of each chain: a signed "row N had this hash". A seal is what makes a rewrite of
 * the whole chain (every hash recomputed by someone holding the database) show: the seal's
 * signature needs the deployment secret. Skips a log whose head is already sealed.
 */
export async function sealChains(db: Db, signer: CheckpointSigner): Promise<number> {
  let sealed = 0;
  for (const table of Object.values(CHAINED_TABLES)) {
    await LINKED_AFTER_COMMIT[table]?.link(db);
    await db.transaction(async (tx) => {
      // One node seals at a time; another finding the lock taken has nothing to add.
      const { rows: lock } = await tx.execute<{ ok: boolean }>(
        sql`SELECT pg_try_advisory_xact_lock(7272, 12) AS ok`,
      );
      if (!lock[0]?.ok) return;
      const { rows } = await tx.execute<{ pos: string; hash: Buffer; sealed: string | null }>(sql`
        SELECT l.pos::text AS pos, l.hash,
          (SELECT max(row_id) FROM log_checkpoints WHERE log = ${table})::text AS sealed
        FROM ${sql.identifier(LINKS[table])} l ORDER BY l.pos DESC LIMIT 1`);
      const head = rows[0];
      if (!head || (head.sealed !== null && Number(head.sealed) >= Number(head.pos))) return;
      await insertCheckpoint(tx, signer, {
        log: table,
        kind: 'seal',
        rowId: Number(head.pos),
        rowHash: head.hash,
        deleted: null,
      });
      sealed += 1;
    });
  }
  return sealed;
}

async function insertCheckpoint(tx: DbOrTx, signer: CheckpointSigner, c: Checkpoint): Promise<void> {
  await tx.execute(sql`
    INSERT INTO log_checkpoints (log, kind, row_id, row_hash, deleted, key_id, signature)
    VALUES (${c.log}, ${c.kind}, ${c.rowId}, ${c.rowHash}, ${c.deleted}, ${signer.keyId}, ${signer.sign(c)})`);
}
