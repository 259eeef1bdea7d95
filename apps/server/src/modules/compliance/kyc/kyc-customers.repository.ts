import { CAPABILITIES, type KycDecisionEntry, type StaffRef } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { CUSTOMER_MAPPING, isoUtc } from '../../../db/sql/index.ts';
import { CUSTOMER_NAME, staffRef } from './kyc-sql.ts';

/** What the KYC rules need of a customer, read under the customer's row lock. */
export interface KycFacts {
  id: number;
  kycType: string;
  level: number;
  userKy: string | null;
  customerType: string;
  tierRequiredLevel: number;
  version: number;
  pendingDocuments: number;
  levelDecided: boolean;
  /** Each document kind's newest document, counted by its status (kycStatusOf). */
  latest: { approved: number; rejected: number; resubmission: number };
}

const DECIDING_ROLES = [...CAPABILITIES.operate];

export function createKycCustomersRepository() {
  return {
    /**
     * Locks the customer for a KYC change (uploads, decisions and the level of one customer then run
     * one after another, so the case and kyc_status stay in step) and reads the facts the rules need.
     */
    async lockFacts(tx: DbOrTx, customerId: number, lock = true): Promise<KycFacts | undefined> {
      const { rows } = await tx.execute<{
        id: number;
        kyc_type: string;
        kyc_level: number;
        user_ky: string | null;
        customer_type: string;
        tier_required_level: number | null;
        version: number;
      }>(sql`
        SELECT c.id, c.kyc_type, c.kyc_level, c.user_ky, ${CUSTOMER_MAPPING.customer_type} AS customer_type,
               t.required_kyc_level AS tier_required_level, c.version
        FROM customers c LEFT JOIN customer_types t ON t.code = ${CUSTOMER_MAPPING.customer_type}
        WHERE c.id = ${customerId}${lock ? sql` FOR NO KEY UPDATE OF c` : sql``}`);
      const row = rows[0];
      if (!row) return undefined;
      const { rows: counts } = await tx.execute<{
        pending: number;
        decided: boolean;
        approved: number;
        rejected: number;
        resubmission: number;
      }>(sql`
        WITH latest AS (
          SELECT DISTINCT ON (kind) status FROM kyc_documents WHERE customer_id = ${customerId}
          ORDER BY kind, uploaded_at DESC, id DESC)
        SELECT (SELECT count(*)::int FROM kyc_documents WHERE customer_id = ${customerId} AND status = 'pending') AS pending,
               EXISTS (SELECT 1 FROM kyc_decisions WHERE customer_id = ${customerId}) AS decided,
               (SELECT count(*)::int FROM latest WHERE status = 'approved') AS approved,
               (SELECT count(*)::int FROM latest WHERE status = 'rejected') AS rejected,
               (SELECT count(*)::int FROM latest WHERE status = 'resubmission_requested') AS resubmission`);
      return {
        id: Number(row.id),
        kycType: row.kyc_type,
        level: Number(row.kyc_level),
        userKy: row.user_ky,
        customerType: row.customer_type,
        tierRequiredLevel: Number(row.tier_required_level ?? 0),
        version: Number(row.version),
        pendingDocuments: counts[0]!.pending,
        levelDecided: counts[0]!.decided,
        latest: {
          approved: counts[0]!.approved,
          rejected: counts[0]!.rejected,
          resubmission: counts[0]!.resubmission,
        },
      };
    },

    /** Stores the KYC status a document change leads to, without bumping the customer's version. */
    async setKycStatus(tx: DbOrTx, customerId: number, status: string): Promise<void> {
      await tx.execute(
        sql`UPDATE customers SET user_ky = ${status} WHERE id = ${customerId} AND user_ky IS DISTINCT FROM ${status}`,
      );
    },

    async setLevel(
      tx: DbOrTx,
      customerId: number,
      change: { level: number; status: string; memberId: number; comment: string | null; at: Date },
    ): Promise<void> {
      await tx.execute(sql`UPDATE customers SET kyc_level = ${change.level}, user_ky = ${change.status},
        update_date = ${change.at}, version = version + 1 WHERE id = ${customerId}`);
      await tx.execute(sql`
        INSERT INTO kyc_decisions (customer_id, decision, level, comment, member_id, at)
        VALUES (${customerId}, ${change.level >= 1 ? 'approved' : 'rejected'}, ${change.level}, ${change.comment},
                ${change.memberId}, ${change.at})`);
    },

    async summary(db: DbOrTx, customerId: number) {
      const { rows } = await db.execute<{
        id: number;
        user_name: string;
        customer_name: string | null;
        kyc_type_label: 'Individual' | 'Business';
        kyc_status: string;
        kyc_level: number;
        customer_type: string;
        tier_required_level: number | null;
        version: number;
      }>(sql`
        SELECT c.id, c.user_name, ${CUSTOMER_NAME('c')} AS customer_name,
               ${CUSTOMER_MAPPING.kyc_type_label} AS kyc_type_label, ${CUSTOMER_MAPPING.kyc_status} AS kyc_status,
               c.kyc_level, ${CUSTOMER_MAPPING.customer_type} AS customer_type,
               t.required_kyc_level AS tier_required_level, c.version
        FROM customers c LEFT JOIN customer_types t ON t.code = ${CUSTOMER_MAPPING.customer_type}
        WHERE c.id = ${customerId}`);
      const row = rows[0];
      return row
        ? {
            ...row,
            id: Number(row.id),
            kyc_level: Number(row.kyc_level),
            tier_required_level: Number(row.tier_required_level ?? 0),
            version: Number(row.version),
          }
        : undefined;
    },

    /** Document and level decisions, newest first. */
    async decisions(db: DbOrTx, customerId: number, limit = 100): Promise<KycDecisionEntry[]> {
      const { rows } = await db.execute<KycDecisionEntry & { sort_at: Date }>(sql`
        SELECT * FROM (
          SELECT 'document' AS scope, x.id, x.decision, x.document_id, d.kind AS document_kind, NULL::int AS level,
                 x.reason_code, x.reason_text, x.comment, ${staffRef('m')} AS member, ${isoUtc(sql`x.at`)} AS at, x.at AS sort_at
          FROM kyc_document_decisions x JOIN kyc_documents d ON d.id = x.document_id
          LEFT JOIN staff_members m ON m.id = x.member_id WHERE x.customer_id = ${customerId}
          UNION ALL
          SELECT 'level', k.id, k.decision, NULL, NULL, k.level, k.reason_code, NULL, k.comment, ${staffRef('m')},
                 ${isoUtc(sql`k.at`)}, k.at
          FROM kyc_decisions k LEFT JOIN staff_members m ON m.id = k.member_id WHERE k.customer_id = ${customerId}
        ) all_decisions ORDER BY sort_at DESC, id DESC LIMIT ${limit}`);
      return rows.map(({ sort_at: _s, ...r }) => ({
        ...r,
        id: Number(r.id),
        document_id: r.document_id === null ? null : Number(r.document_id),
        level: r.level === null ? null : Number(r.level),
      }));
    },

    /** Active members whose role may decide KYC. */
    async reviewers(db: DbOrTx, memberId?: number): Promise<StaffRef[]> {
      const { rows } = await db.execute<StaffRef>(sql`
        SELECT id, display_name FROM staff_members
        WHERE status = 'active' AND roles && ${sql`${`{${DECIDING_ROLES.join(',')}}`}::text[]`}
          ${memberId === undefined ? sql`` : sql`AND id = ${memberId}`}
        ORDER BY display_name, id`);
      return rows.map((r) => ({ id: Number(r.id), display_name: r.display_name }));
    },
  };
}
export type KycCustomersRepository = ReturnType<typeof createKycCustomersRepository>;
