import type { BackgroundExport } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { isoUtc } from '../../../db/sql/index.ts';

export type ExportRecord = BackgroundExport & {
  member_id: number;
  query: string;
  language: string;
  sha256: string | null;
};

const COLUMNS = sql`id::int AS id, member_id, route, query, format, language, file_name, status,
  rows_written::int AS rows_written, rows_total::int AS rows_total, size_bytes::int AS size_bytes, sha256,
  ${isoUtc(sql`created_at`)} AS created_at,
  ${isoUtc(sql`expires_at`)} AS expires_at`;

/** The wire's view of a record: no member, query or file hash. */
export function toView(r: ExportRecord): BackgroundExport {
  const { member_id: _m, query: _q, language: _l, sha256: _s, ...view } = r;
  return view;
}

/** background_exports (migration 0020): one row per export a member sent to the background. */
export function createExportsRepository() {
  return {
    async create(
      db: DbOrTx,
      e: {
        memberId: number;
        route: string;
        query: string;
        format: string;
        language: string;
        fileName: string;
        total: number;
      },
    ): Promise<ExportRecord> {
      const { rows } = await db.execute<ExportRecord>(sql`
        INSERT INTO background_exports (member_id, route, query, format, language, file_name, rows_total)
        VALUES (${e.memberId}, ${e.route}, ${e.query}, ${e.format}, ${e.language}, ${e.fileName}, ${e.total})
        RETURNING ${COLUMNS}`);
      return rows[0]!;
    },

    /** The same export by the same member still queued or running: asking twice starts one job. */
    async pending(db: DbOrTx, e: { memberId: number; route: string; query: string; language: string }) {
      const { rows } = await db.execute<ExportRecord>(sql`
        SELECT ${COLUMNS} FROM background_exports
        WHERE member_id = ${e.memberId} AND route = ${e.route} AND query = ${e.query}
          AND language = ${e.language} AND status IN ('queued', 'running')
        ORDER BY id DESC LIMIT 1 FOR UPDATE`);
      return rows[0];
    },

    async get(db: DbOrTx, id: number): Promise<ExportRecord | undefined> {
      const { rows } = await db.execute<ExportRecord>(
        sql`SELECT ${COLUMNS} FROM background_exports WHERE id = ${id}`,
      );
      return rows[0];
    },

    async forMember(db: DbOrTx, memberId: number): Promise<ExportRecord[]> {
      const { rows } = await db.execute<ExportRecord>(sql`
        SELECT ${COLUMNS} FROM background_exports
        WHERE member_id = ${memberId} AND created_at > now() - interval '1 day'
        ORDER BY id DESC LIMIT 50`);
      return rows;
    },

    async started(db: DbOrTx, id: number): Promise<void> {
      await db.execute(
        sql`UPDATE background_exports SET status = 'running', rows_written = 0 WHERE id = ${id}`,
      );
    },

    async progress(db: DbOrTx, id: number, rows: number): Promise<void> {
      await db.execute(
        sql`UPDATE background_exports SET rows_written = ${rows} WHERE id = ${id} AND status = 'running'`,
      );
    },

    async ready(
      db: DbOrTx,
      id: number,
      file: { rows: number; sha256: string; size: number; at: Date; expiresAt: Date },
    ) {
      await db.execute(sql`
        UPDATE background_exports SET status = 'ready', rows_written = ${file.rows}, rows_total = ${file.rows},
          sha256 = ${file.sha256}, size_bytes = ${file.size}, finished_at = ${file.at}, expires_at = ${file.expiresAt}
        WHERE id = ${id}`);
    },

    async failed(db: DbOrTx, id: number, at: Date): Promise<void> {
      await db.execute(
        sql`UPDATE background_exports SET status = 'failed', finished_at = ${at} WHERE id = ${id}`,
      );
    },

    /** Ready files past their time: marked expired; returns each with whether another row still holds its bytes. */
    async expire(db: DbOrTx, now: Date): Promise<{ id: number; sha256: string; shared: boolean }[]> {
      const { rows } = await db.execute<{ id: number; sha256: string; shared: boolean }>(sql`
        WITH gone AS (
          UPDATE background_exports SET status = 'expired'
          WHERE status = 'ready' AND expires_at <= ${now}
          RETURNING id, sha256)
        SELECT gone.id::int AS id, gone.sha256, EXISTS (
          SELECT 1 FROM background_exports o
          WHERE o.sha256 = gone.sha256 AND o.status = 'ready' AND o.expires_at > ${now}) AS shared
        FROM gone`);
      return rows;
    },
  };
}
export type ExportsRepository = ReturnType<typeof createExportsRepository>;
