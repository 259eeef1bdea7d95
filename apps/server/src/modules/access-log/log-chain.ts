import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { ChainBreak, LogName, VerifyResult } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';

/**
 * The hash chains of the access log and the audit trail (docs/decisions/0008-tamper-evident-logs.md).
 * The database chains every row as it is inserted (migration 0013); this module verifies the chains
 * and writes the signed checkpoints — seals of the chain head and retention cuts — with a key derived
 * from the deployment secret, which the database's owner does not hold.
 */

export const CHAINED_TABLES = { access: 'access_log', audit: 'audit_log' } as const;
type Table = (typeof CHAINED_TABLES)[LogName];

/** The SQL function that gives a row's canonical text (the same one the insert trigger hashes). */
const TEXT_OF: Record<Table, string> = { access_log: 'bd_access_log_text', audit_log: 'bd_audit_log_text' };
const GENESIS = Buffer.alloc(32);
/** Rows recomputed per statement: large enough to amortise the round trip, small enough to stream. */
const BATCH = 100_000;
/** Parts of a chain checked at once: one per core of the machine it was measured on (bench:logs). */
const VERIFY_WORKERS = 2;

export interface Checkpoint {
  log: Table;
  kind: 'seal' | 'cut';
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
  /** The sealed row's hash now (null when the row is gone). */
  current: Buffer | null;
};

const checkpointOf = (log: Table, r: CheckpointRow): Checkpoint => ({
  log,
  kind: r.kind,
  rowId: Number(r.row_id),
  rowHash: r.row_hash,
  deleted: r.deleted === null ? null : Number(r.deleted),
});

type Batch = {
  broken: string | null;
  last_id: string | null;
  last_hash: Buffer | null;
  n: number;
};

/**
 * Recomputes one batch of rows in (after, upTo]: each row's hash must be sha256 of the previous
 * row's stored hash and its own text. Every link is checked on its own, so a batch is one set-based
 * statement; `prev` links the batch's first row to the one before it.
 */
async function checkBatch(
  db: DbOrTx,
  table: Table,
  after: number,
  upTo: number,
  prev: Buffer,
): Promise<Batch> {
  const text = sql.raw(`${TEXT_OF[table]}(t)`);
  const { rows } = await db.execute<Batch>(sql`
    WITH b AS MATERIALIZED (
      SELECT id, hash, coalesce(lag(hash) OVER (ORDER BY id), ${prev}::bytea) AS prev, ${text} AS body
      FROM (SELECT * FROM ${sql.identifier(table)} WHERE id > ${after} AND id <= ${upTo} ORDER BY id LIMIT ${BATCH}) t)
    SELECT (SELECT min(id) FROM b WHERE hash IS DISTINCT FROM sha256(prev || convert_to(body, 'UTF8')))::text AS broken,
      (SELECT id FROM b ORDER BY id DESC LIMIT 1)::text AS last_id,
      (SELECT hash FROM b ORDER BY id DESC LIMIT 1) AS last_hash,
      (SELECT count(*) FROM b)::int AS n`);
  return rows[0]!;
}

interface RangeResult {
  checked: number;
  broken: number | null;
}

/** Walks (after, upTo] batch by batch; the first row links to the stored hash of the row before it. */
async function checkRange(
  db: DbOrTx,
  table: Table,
  after: number,
  upTo: number,
  start: Buffer,
): Promise<RangeResult> {
  const { rows } = await db.execute<{ hash: Buffer }>(
    sql`SELECT t.hash FROM ${sql.identifier(table)} t WHERE t.id <= ${after} ORDER BY t.id DESC LIMIT 1`,
  );
  let prev = rows[0]?.hash ?? start;
  let checked = 0;
  for (let from = after; ; ) {
    const batch = await checkBatch(db, table, from, upTo, prev);
    if (batch.broken !== null) return { checked: checked + batch.n, broken: Number(batch.broken) };
    checked += batch.n;
    if (batch.n < BATCH) return { checked, broken: null };
    from = Number(batch.last_id);
    prev = batch.last_hash!;
  }
}

/**
 * Verifies a log: the signed retention cut it starts from, every link of the chain after it, and
 * every signed seal against the row it names. Reports the first row that fails, or "intact through
 * row N". Reads the rows up to the last id it saw at the start, in batches, so rows appended
 * meanwhile do not disturb it.
 */
export async function verifyChain(db: Db, log: LogName, signer: CheckpointSigner): Promise<VerifyResult> {
  const started = performance.now();
  const table = CHAINED_TABLES[log];
  const { rows: checkpoints } = await db.execute<CheckpointRow>(sql`
    SELECT c.kind, c.row_id::text, c.row_hash, c.deleted::text, c.signature, t.hash AS current
    FROM log_checkpoints c LEFT JOIN ${sql.identifier(table)} t ON c.kind = 'seal' AND t.id = c.row_id
    WHERE c.log = ${table} ORDER BY c.row_id, c.id`);

  const breaks: { id: number; reason: ChainBreak }[] = [];
  const cuts = checkpoints.filter((c) => c.kind === 'cut');
  const cut = cuts.at(-1);
  for (const c of cuts) {
    if (!signer.verify(checkpointOf(table, c), c.signature))
      breaks.push({ id: Number(c.row_id), reason: 'bad_signature' });
  }
  const cutThrough = cut ? Number(cut.row_id) : null;
  const start = cut ? cut.row_hash : GENESIS;
  const after = cutThrough ?? 0;
  // Links are independent, so the id range splits into parts checked side by side.
  const { rows: span } = await db.execute<{ last: string | null }>(
    sql`SELECT max(t.id)::text AS last FROM ${sql.identifier(table)} t`,
  );
  const through = span[0]?.last === null || span[0]?.last === undefined ? null : Number(span[0].last);
  let checked = 0;
  if (through !== null && through > after) {
    const step = Math.ceil((through - after) / VERIFY_WORKERS);
    const parts = await Promise.all(
      Array.from({ length: VERIFY_WORKERS }, (_, i) => after + i * step)
        .filter((lo) => lo < through)
        .map((lo) => checkRange(db, table, lo, Math.min(through, lo + step), start)),
    );
    for (const part of parts) {
      checked += part.checked;
      if (part.broken !== null) breaks.push({ id: part.broken, reason: 'hash_mismatch' });
    }
  }

  const seals = checkpoints.filter((c) => c.kind === 'seal' && Number(c.row_id) > (cutThrough ?? 0));
  for (const s of seals) {
    const id = Number(s.row_id);
    if (!signer.verify(checkpointOf(table, s), s.signature)) breaks.push({ id, reason: 'bad_signature' });
    else if (!s.current?.equals(s.row_hash)) breaks.push({ id, reason: 'seal_mismatch' });
  }

  const first = breaks.sort((a, b) => a.id - b.id)[0];
  return {
    log,
    intact: !first,
    checked,
    through_id: first || checked === 0 ? null : through,
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
    await db.transaction(async (tx) => {
      // One node seals at a time; another finding the lock taken has nothing to add.
      const { rows: lock } = await tx.execute<{ ok: boolean }>(
        sql`SELECT pg_try_advisory_xact_lock(7272, 12) AS ok`,
      );
      if (!lock[0]?.ok) return;
      const { rows } = await tx.execute<{ id: string; hash: Buffer; sealed: string | null }>(sql`
        SELECT t.id::text AS id, t.hash,
          (SELECT max(row_id) FROM log_checkpoints WHERE log = ${table})::text AS sealed
        FROM ${sql.identifier(table)} t ORDER BY t.id DESC LIMIT 1`);
      const head = rows[0];
      if (!head || (head.sealed !== null && Number(head.sealed) >= Number(head.id))) return;
      await insertCheckpoint(tx, signer, {
        log: table,
        kind: 'seal',
        rowId: Number(head.id),
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
