import type { complianceApi } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { isoUtc } from '../../../db/sql/index.ts';
import { filteredPage } from '../../../lib/list-query.ts';
import { CUSTOMER_NAME } from './kyc-sql.ts';

type QuarantinedDocument = complianceApi.QuarantinedDocument;
export type QuarantineCode = QuarantinedDocument['code'];

const COLUMNS = sql`d.id, d.customer_id, coalesce(${CUSTOMER_NAME('c')}, c.user_name) AS customer_name, d.kind, d.file_name,
  d.mime_type AS content_type, d.sha256, q.code, q.feature, q.detail, q.run_id::int AS run_id,
  ${isoUtc(sql`q.quarantined_at`)} AS quarantined_at`;
const FROM = sql`kyc_document_quarantine q JOIN kyc_documents d ON d.id = q.document_id
  JOIN customers c ON c.id = d.customer_id`;

/** A stored document as the check reads it. */
export type StoredDocument = {
  id: number;
  customer_id: number;
  sha256: string;
  content_type: string;
  kind: string;
  file_name: string;
};

export function createKycQuarantineRepository() {
  return {
    async page(db: DbOrTx, q: { dir: 'asc' | 'desc'; cursor?: string; limit: number }) {
      const page = await filteredPage<QuarantinedDocument>(
        db,
        { columns: COLUMNS, from: FROM, countFrom: sql`kyc_document_quarantine q`, where: sql`true` },
        { sort: sql`q.quarantined_at`, id: sql`q.document_id`, dir: q.dir },
        q,
      );
      return {
        ...page,
        items: page.items.map((row) => ({
          ...row,
          id: Number(row.id),
          customer_id: Number(row.customer_id),
        })),
      };
    },

    async isQuarantined(db: DbOrTx, documentId: number): Promise<boolean> {
      const { rows } = await db.execute(
        sql`SELECT 1 FROM kyc_document_quarantine WHERE document_id = ${documentId}`,
      );
      return rows.length > 0;
    },

    /** Stored documents not yet quarantined, in id order after `afterId`. */
    async storedAfter(db: DbOrTx, afterId: number, limit: number): Promise<StoredDocument[]> {
      const { rows } = await db.execute<StoredDocument>(sql`
        SELECT d.id::bigint AS id, d.customer_id, d.sha256, d.mime_type AS content_type, d.kind, d.file_name
        FROM kyc_documents d
        WHERE d.id > ${afterId} AND d.sha256 IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM kyc_document_quarantine q WHERE q.document_id = d.id)
        ORDER BY d.id LIMIT ${limit}`);
      return rows.map((row) => ({ ...row, id: Number(row.id), customer_id: Number(row.customer_id) }));
    },

    async countStored(db: DbOrTx): Promise<number> {
      const { rows } = await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM kyc_documents WHERE sha256 IS NOT NULL`,
      );
      return rows[0]!.n;
    },

    /** Sets a document aside; false when it already was (a rerun of the same chunk). */
    async insert(
      tx: DbOrTx,
      q: {
        documentId: number;
        code: QuarantineCode;
        feature: string | null;
        detail: string | null;
        runId: number;
        at: Date;
      },
    ): Promise<boolean> {
      const { rows } = await tx.execute(sql`
        INSERT INTO kyc_document_quarantine (document_id, code, feature, detail, run_id, quarantined_at)
        VALUES (${q.documentId}, ${q.code}, ${q.feature}, ${q.detail}, ${q.runId}, ${q.at.toISOString()})
        ON CONFLICT (document_id) DO NOTHING RETURNING document_id`);
      return rows.length > 0;
    },

    /** A recheck queued or under way (one at a time across nodes: the caller holds the lock). */
    async recheckUnderWay(tx: DbOrTx): Promise<boolean> {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('kyc.document_recheck'))`);
      const { rows } = await tx.execute(
        sql`SELECT 1 FROM fraud_runs WHERE kind = 'document_recheck' AND status IN ('queued', 'running') LIMIT 1`,
      );
      return rows.length > 0;
    },
  };
}
export type KycQuarantineRepository = ReturnType<typeof createKycQuarantineRepository>;
