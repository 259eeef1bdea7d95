import type { KycDocumentRow } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import { isoUtc } from '../../../db/sql/index.ts';

/** A customer's name and surname as one text, null when they gave neither. */
export const CUSTOMER_NAME = (c: string) =>
  sql`nullif(trim(concat_ws(' ', ${sql.raw(c)}.alias_name, ${sql.raw(c)}.alias_surname)), '')`;

/** A staff member as `{id, display_name}`, null when there is none. */
export const staffRef = (alias: string) =>
  sql`CASE WHEN ${sql.raw(alias)}.id IS NULL THEN NULL
      ELSE json_build_object('id', ${sql.raw(alias)}.id, 'display_name', ${sql.raw(alias)}.display_name) END`;

/**
 * Which customer a "customer" filter names: an exact user name, or a numeric id. An id beyond the
 * range of ids names nobody rather than failing.
 */
export function customerFilter(column: SQL, value: string): SQL {
  const byName = sql`${column} = (SELECT id FROM customers WHERE user_name = ${value})`;
  if (!/^\d{1,15}$/.test(value)) return byName;
  return sql`(${column} = ${Number(value)} OR ${byName})`;
}

/** A calendar day's start in UTC, and the next day's: [from, to + 1 day). */
export const dayStart = (day: string) => sql`(${day}::date::timestamp AT TIME ZONE 'UTC')`;
export const dayEnd = (day: string) => sql`((${day}::date + 1)::timestamp AT TIME ZONE 'UTC')`;

export const DOCUMENT_COLUMNS = sql`
  d.id, d.customer_id, c.user_name, ${CUSTOMER_NAME('c')} AS customer_name, d.kind, d.status, d.file_name,
  d.mime_type AS content_type, d.size_bytes, d.sha256, d.channel, ${staffRef('ub')} AS uploaded_by,
  ${isoUtc(sql`d.uploaded_at`)} AS uploaded_at, ${isoUtc(sql`d.reviewed_at`)} AS decided_at,
  ${staffRef('rv')} AS reviewer, d.reason_code, d.reason_text, d.comment,
  to_char(d.expires_on, 'YYYY-MM-DD') AS expires_on, d.version`;

export const DOCUMENT_FROM = sql`kyc_documents d
  JOIN customers c ON c.id = d.customer_id
  LEFT JOIN staff_members ub ON ub.id = d.uploaded_by
  LEFT JOIN staff_members rv ON rv.id = d.reviewed_by`;

/** Numbers arrive as text from bigint columns. */
export const toDocumentRow = (row: KycDocumentRow): KycDocumentRow => ({
  ...row,
  id: Number(row.id),
  customer_id: Number(row.customer_id),
  size_bytes: Number(row.size_bytes),
  version: Number(row.version),
});
