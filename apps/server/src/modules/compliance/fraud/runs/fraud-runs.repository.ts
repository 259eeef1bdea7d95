import type { FraudRunKind, FraudRunStatus, fraudApi } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client.ts';
import { isoUtc } from '../../../../db/sql/index.ts';
import { allOf, filteredPage } from '../../../../lib/list-query.ts';

type FraudRun = fraudApi.FraudRun;
type FraudRunLogEntry = fraudApi.FraudRunLogEntry;

const COLUMNS = sql`r.id::int AS id, r.kind, r.params, r.status, r.progress_done::float8 AS progress_done,
  r.progress_total::float8 AS progress_total, r.result, r.cancel_requested, m.display_name AS requested_by,
  ${isoUtc(sql`r.created_at`)} AS created_at, ${isoUtc(sql`r.started_at`)} AS started_at,
  ${isoUtc(sql`r.finished_at`)} AS finished_at`;
const FROM = sql`fraud_runs r LEFT JOIN staff_members m ON m.id = r.requested_by`;

export interface RunFilters {
  kind?: FraudRunKind;
  status?: FraudRunStatus;
}

function where(f: RunFilters): SQL {
  const conditions: SQL[] = [];
  if (f.kind) conditions.push(sql`r.kind = ${f.kind}`);
  if (f.status) conditions.push(sql`r.status = ${f.status}`);
  return allOf(conditions);
}

/** A finished run is one of these; cancelling it does nothing. */
export const FINISHED: readonly FraudRunStatus[] = ['done', 'failed', 'cancelled'];

export function createFraudRunsRepository() {
  return {
    async page(db: DbOrTx, request: RunFilters & { dir: 'asc' | 'desc'; cursor?: string; limit: number }) {
      return filteredPage<FraudRun>(
        db,
        { columns: COLUMNS, from: FROM, countFrom: sql`fraud_runs r`, where: where(request) },
        { sort: sql`r.created_at`, id: sql`r.id`, dir: request.dir },
        request,
      );
    },

    async byId(db: DbOrTx, id: number, lock = false): Promise<FraudRun | undefined> {
      const result = await db.execute<FraudRun>(
        sql`SELECT ${COLUMNS} FROM ${FROM} WHERE r.id = ${id}${lock ? sql` FOR UPDATE OF r` : sql``}`,
      );
      return result.rows[0];
    },

    async insert(
      tx: DbOrTx,
      r: { kind: FraudRunKind; params: object; requestedBy: number | null; at: Date },
    ): Promise<number> {
      const result = await tx.execute<{ id: number }>(sql`
        INSERT INTO fraud_runs (kind, params, requested_by, created_at)
        VALUES (${r.kind}, ${JSON.stringify(r.params)}::jsonb, ${r.requestedBy}, ${r.at.toISOString()})
        RETURNING id::int AS id`);
      return result.rows[0]!.id;
    },

    /** Takes a queued run (or one left running by a node that died) for this node; undefined if finished. */
    async claim(db: DbOrTx, id: number, at: Date) {
      const result = await db.execute<{ kind: FraudRunKind; params: unknown; cancel_requested: boolean }>(sql`
        UPDATE fraud_runs SET status = 'running', started_at = coalesce(started_at, ${at.toISOString()})
        WHERE id = ${id} AND status IN ('queued', 'running')
        RETURNING kind, params, cancel_requested`);
      return result.rows[0];
    },

    async lastSeq(db: DbOrTx, id: number): Promise<number> {
      const result = await db.execute<{ seq: number }>(
        sql`SELECT coalesce(max(seq), 0)::int AS seq FROM fraud_run_log WHERE run_id = ${id}`,
      );
      return result.rows[0]!.seq;
    },

    async progress(db: DbOrTx, id: number, done: number, total: number | undefined): Promise<void> {
      await db.execute(sql`
        UPDATE fraud_runs SET progress_done = ${done}, progress_total = coalesce(${total ?? null}::bigint, progress_total)
        WHERE id = ${id}`);
    },

    async log(
      db: DbOrTx,
      e: { runId: number; seq: number; at: Date; level: string; message: string; params: object },
    ): Promise<void> {
      await db.execute(sql`
        INSERT INTO fraud_run_log (run_id, seq, at, level, message, params)
        VALUES (${e.runId}, ${e.seq}, ${e.at.toISOString()}, ${e.level}, ${e.message}, ${JSON.stringify(e.params)}::jsonb)`);
    },

    async logAfter(db: DbOrTx, id: number, afterSeq: number): Promise<FraudRunLogEntry[]> {
      const result = await db.execute<FraudRunLogEntry>(sql`
        SELECT seq, ${isoUtc(sql`at`)} AS at, level, message, params FROM fraud_run_log
        WHERE run_id = ${id} AND seq > ${afterSeq} ORDER BY seq LIMIT 500`);
      return result.rows;
    },

    async cancelRequested(db: DbOrTx, id: number): Promise<boolean> {
      const result = await db.execute<{ c: boolean }>(
        sql`SELECT cancel_requested AS c FROM fraud_runs WHERE id = ${id}`,
      );
      return result.rows[0]?.c ?? true;
    },

    async requestCancel(tx: DbOrTx, id: number): Promise<void> {
      await tx.execute(sql`UPDATE fraud_runs SET cancel_requested = true WHERE id = ${id}`);
    },

    async finish(
      db: DbOrTx,
      id: number,
      r: { status: FraudRunStatus; result: object | null; at: Date },
    ): Promise<void> {
      await db.execute(sql`
        UPDATE fraud_runs SET status = ${r.status}, finished_at = ${r.at.toISOString()},
          result = ${r.result === null ? null : JSON.stringify(r.result)}::jsonb
        WHERE id = ${id} AND status IN ('queued', 'running')`);
    },
  };
}
export type FraudRunsRepository = ReturnType<typeof createFraudRunsRepository>;
