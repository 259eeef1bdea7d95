import type { complianceApi, KycDocumentRow, KycProfile } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { boundedCount } from '../../../lib/bounded-count.ts';
import { keysetPage } from '../../../lib/keyset.ts';
import { allOf, exportStatement } from '../../../lib/list-query.ts';
import {
  CUSTOMER_NAME,
  customerFilter,
  DOCUMENT_COLUMNS,
  DOCUMENT_FROM,
  dayEnd,
  dayStart,
  toDocumentRow,
} from './kyc-sql.ts';

type Filters = z.output<typeof complianceApi.KycDocumentFiltersSchema>;
type PageQuery = z.output<typeof complianceApi.KycDocumentsQuerySchema>;
type SortKey = PageQuery['sort'];

/** Both sorts are non-null (keyset, R24): an undecided document sorts before every decided one. */
const SORT: Record<SortKey, SQL> = {
  uploaded_at: sql`d.uploaded_at`,
  decided_at: sql`coalesce(d.reviewed_at, '-infinity'::timestamptz)`,
};

function where(f: Filters): SQL {
  const conditions: SQL[] = [];
  if (f.kind) conditions.push(sql`d.kind = ${f.kind}`);
  if (f.status) conditions.push(sql`d.status = ${f.status}`);
  if (f.customer) conditions.push(customerFilter(sql`d.customer_id`, f.customer));
  if (f.uploaded_from) conditions.push(sql`d.uploaded_at >= ${dayStart(f.uploaded_from)}`);
  if (f.uploaded_to) conditions.push(sql`d.uploaded_at < ${dayEnd(f.uploaded_to)}`);
  if (f.decided_from) conditions.push(sql`d.reviewed_at >= ${dayStart(f.decided_from)}`);
  if (f.decided_to) conditions.push(sql`d.reviewed_at < ${dayEnd(f.decided_to)}`);
  if (f.reviewer) conditions.push(sql`d.reviewed_by = ${f.reviewer}`);
  return allOf(conditions);
}

export interface NewDocument {
  customerId: number;
  kind: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  channel: 'customer' | 'staff';
  uploadedBy: number | null;
  uploadedAt: Date;
  expiresOn: string | null;
}

export interface DocumentDecision {
  status: 'approved' | 'rejected' | 'resubmission_requested';
  reviewedBy: number;
  reviewedAt: Date;
  reasonCode: string | null;
  reasonText: string | null;
  comment: string | null;
  expiresOn: string | null;
}

export function createKycDocumentsRepository() {
  const one = async (db: DbOrTx, condition: SQL, lock = false) => {
    const { rows } = await db.execute<KycDocumentRow>(
      sql`SELECT ${DOCUMENT_COLUMNS} FROM ${DOCUMENT_FROM} WHERE ${condition}${lock ? sql` FOR UPDATE OF d` : sql``}`,
    );
    return rows[0] ? toDocumentRow(rows[0]) : undefined;
  };

  return {
    /** One page in list order; its total is `count`'s, asked apart (paging never recounts). */
    async page(db: DbOrTx, q: PageQuery) {
      const filter = where(q);
      const sort = SORT[q.sort];
      type Paged = KycDocumentRow & { sort_value: string };
      const page = await keysetPage<Paged>(
        { sort, id: sql`d.id`, dir: q.dir },
        q,
        (row) => [row.sort_value, Number(row.id)],
        async (k) =>
          (
            await db.execute<Paged>(sql`
              SELECT ${DOCUMENT_COLUMNS}, (${sort})::text AS sort_value FROM ${DOCUMENT_FROM}
              WHERE ${filter}${k.where ? sql` AND ${k.where}` : sql``}
              ORDER BY ${sql.join(k.orderBy, sql`, `)} LIMIT ${k.limit}`)
          ).rows,
      );
      return { ...page, items: page.items.map(({ sort_value: _s, ...row }) => toDocumentRow(row)) };
    },

    count: (db: DbOrTx, filters: Filters) => boundedCount(db, sql`kyc_documents d WHERE ${where(filters)}`),

    /** The export's query, streamed by lib/export. */
    exportQuery(filters: Filters, order: { sort: SortKey; dir: 'asc' | 'desc' }) {
      const dir = sql.raw(order.dir);
      const query = sql`SELECT ${DOCUMENT_COLUMNS} FROM ${DOCUMENT_FROM} WHERE ${where(filters)}
        ORDER BY ${SORT[order.sort]} ${dir}, d.id ${dir}`;
      return exportStatement(query);
    },

    byId: (db: DbOrTx, id: number, lock = false) => one(db, sql`d.id = ${id}`, lock),

    async forCustomer(db: DbOrTx, customerId: number): Promise<KycDocumentRow[]> {
      const { rows } = await db.execute<KycDocumentRow>(sql`SELECT ${DOCUMENT_COLUMNS} FROM ${DOCUMENT_FROM}
        WHERE d.customer_id = ${customerId} ORDER BY d.uploaded_at DESC, d.id DESC`);
      return rows.map(toDocumentRow);
    },

    /** The customer's oldest pending document: where a review of their case opens. */
    async firstPendingId(db: DbOrTx, customerId: number): Promise<number | null> {
      const { rows } = await db.execute<{ id: number }>(sql`SELECT d.id FROM kyc_documents d
        WHERE d.customer_id = ${customerId} AND d.status = 'pending'
        ORDER BY d.uploaded_at, d.id LIMIT 1`);
      return rows[0] ? Number(rows[0].id) : null;
    },

    /** The same file already waiting for this customer and kind: a retried upload, not a new one. */
    pendingTwin: (db: DbOrTx, customerId: number, kind: string, sha256: string) =>
      one(
        db,
        sql`d.customer_id = ${customerId} AND d.kind = ${kind} AND d.sha256 = ${sha256} AND d.status = 'pending'`,
      ),

    async insert(tx: DbOrTx, doc: NewDocument): Promise<number> {
      const { rows } = await tx.execute<{ id: number }>(sql`
        INSERT INTO kyc_documents (customer_id, kind, status, file_name, mime_type, size_bytes, sha256,
                                   storage_key, channel, uploaded_by, uploaded_at, expires_on)
        VALUES (${doc.customerId}, ${doc.kind}, 'pending', ${doc.fileName}, ${doc.contentType}, ${doc.sizeBytes},
                ${doc.sha256}, ${doc.sha256}, ${doc.channel}, ${doc.uploadedBy}, ${doc.uploadedAt},
                ${doc.expiresOn}::date)
        RETURNING id`);
      return Number(rows[0]!.id);
    },

    /** Records a decision on the document row (its latest) and in its history. */
    async decide(tx: DbOrTx, id: number, customerId: number, d: DocumentDecision): Promise<void> {
      await tx.execute(sql`
        UPDATE kyc_documents
        SET status = ${d.status}, reviewed_by = ${d.reviewedBy}, reviewed_at = ${d.reviewedAt},
            reason_code = ${d.reasonCode}, reason_text = ${d.reasonText}, comment = ${d.comment},
            expires_on = coalesce(${d.expiresOn}::date, expires_on), version = version + 1
        WHERE id = ${id}`);
      await tx.execute(sql`
        INSERT INTO kyc_document_decisions (document_id, customer_id, decision, reason_code, reason_text, comment, member_id, at)
        VALUES (${id}, ${customerId}, ${d.status}, ${d.reasonCode}, ${d.reasonText}, ${d.comment}, ${d.reviewedBy}, ${d.reviewedAt})`);
    },

    async profile(db: DbOrTx, customerId: number): Promise<KycProfile> {
      const { rows } = await db.execute<KycProfile>(sql`
        SELECT ${CUSTOMER_NAME('c')} AS full_name, to_char(p.birth_date, 'YYYY-MM-DD') AS birth_date,
               p.nationality, p.address
        FROM customers c LEFT JOIN kyc_profiles p ON p.customer_id = c.id WHERE c.id = ${customerId}`);
      return rows[0] ?? { full_name: null, birth_date: null, nationality: null, address: null };
    },
  };
}
export type KycDocumentsRepository = ReturnType<typeof createKycDocumentsRepository>;
