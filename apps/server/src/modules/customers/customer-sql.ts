import type { CustomerFilters, CustomerSortKey } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Spec §3 mapping, to the letter, as SQL: the list (through CUSTOMER_COLUMNS and toCustomer), the
 * detail and both export formats read these expressions, so the rules have one definition. The
 * defaults equal the sort expressions below (and the index expressions of schema.ts).
 */
export const CUSTOMER_MAPPING = {
  phone: sql`coalesce(mobile, '-')`,
  kyc_status: sql`coalesce(user_ky, 'kyc')`,
  kyc_type_label: sql`CASE WHEN kyc_type = 'kyb' THEN 'Business' ELSE 'Individual' END`,
  customer_type: sql`coalesce(customer_type, 'bronze')`,
  /** Spec §4: a live session token (non-empty) or the status "active". */
  active: sql`(coalesce(token_hash, '') <> '' OR coalesce(status = 'active', false))`,
} as const;

/**
 * The SQL of the customer list, shared by the customers, KYC and customer-types repositories.
 * Sort expressions are non-null (keyset pagination compares them) and equal the index expressions
 * of schema.ts, so every sort walks an index.
 */
export const CUSTOMER_SORT: Record<CustomerSortKey, SQL> = {
  user_name: sql`user_name`,
  alias_name: sql`coalesce(alias_name, '')`,
  alias_surname: sql`coalesce(alias_surname, '')`,
  email: sql`coalesce(alias_email, '')`,
  phone: CUSTOMER_MAPPING.phone,
  status: sql`coalesce(status, '')`,
  kyc_status: CUSTOMER_MAPPING.kyc_status,
  customer_type: CUSTOMER_MAPPING.customer_type,
  created_at: sql`create_date`,
  updated_at: sql`update_date`,
};

/** A timestamp as ISO 8601 UTC text, independent of driver type parsers and session time zone. */
export const isoUtc = (column: SQL) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A timestamp as ISO 8601 UTC text at its stored precision ("…T06:59:02.532Z", microseconds when
 * there are any), for exports: a million rows format in half the time of to_char (isoUtc). Relies
 * on DateStyle ISO, which every pool connection sets (db/client.ts).
 */
export const exportTimestamp = (column: SQL) =>
  sql`replace((${column} AT TIME ZONE 'UTC')::text, ' ', 'T') || 'Z'`;

/** LIKE metacharacters taken literally: a search for "50%" means the text "50%". */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Spec §5 filters, evaluated in the database. Case-insensitivity is Turkish-aware (bd_fold):
 * search is a substring of any of user_name, alias_name, alias_surname, alias_email (the stored
 * search_text = bd_customer_search_text, trigram-indexed); KYC status compares with the spec's "kyc"
 * default applied; a role matches any of the customer's parsed roles (stored roles_folded, GIN).
 */
export function customerWhere(filters: CustomerFilters): SQL {
  const conditions: SQL[] = [];
  if (filters.search) {
    conditions.push(sql`search_text LIKE '%' || public.bd_fold(${escapeLike(filters.search)}) || '%'`);
  }
  if (filters.status) conditions.push(sql`status = ${filters.status}`);
  if (filters.kyc_status) {
    conditions.push(sql`public.bd_fold(coalesce(user_ky, 'kyc')) = public.bd_fold(${filters.kyc_status})`);
  }
  if (filters.role) {
    conditions.push(sql`roles_folded @> ARRAY[public.bd_fold(${filters.role})]`);
  }
  return conditions.length ? sql.join(conditions, sql` AND `) : sql`true`;
}

/**
 * A customers row for toCustomer: the raw columns the detail and the audit read, and the spec §3
 * mapped fields (CUSTOMER_MAPPING); role_list holds bd_customer_roles.
 */
export const CUSTOMER_COLUMNS = sql`
  id, user_name, alias_name, alias_surname, alias_email, mobile, status, kyc_type, kyc_level,
  role_list, token_hash, version,
  ${CUSTOMER_MAPPING.phone} AS phone, ${CUSTOMER_MAPPING.kyc_status} AS kyc_status,
  ${CUSTOMER_MAPPING.kyc_type_label} AS kyc_type_label, ${CUSTOMER_MAPPING.customer_type} AS customer_type,
  ${CUSTOMER_MAPPING.active} AS active,
  ${isoUtc(sql`create_date`)} AS created_at, ${isoUtc(sql`update_date`)} AS updated_at`;

/**
 * The exported columns, in file order: the spec's mapped fields without token_hash (a credential,
 * not data). Values are the cells as text, the same for CSV (COPY) and XLSX (streamed rows).
 */
export const CUSTOMER_EXPORT_COLUMNS = [
  { header: 'id', value: sql`id`, formulaFree: true },
  { header: 'user_name', value: sql`user_name` },
  { header: 'alias_name', value: sql`alias_name` },
  { header: 'alias_surname', value: sql`alias_surname` },
  { header: 'email', value: sql`alias_email` },
  { header: 'phone', value: CUSTOMER_MAPPING.phone },
  { header: 'status', value: sql`status` },
  {
    header: 'active',
    value: sql`CASE WHEN ${CUSTOMER_MAPPING.active} THEN 'yes' ELSE 'no' END`,
    formulaFree: true,
  },
  { header: 'kyc_status', value: CUSTOMER_MAPPING.kyc_status },
  { header: 'kyc_type_label', value: CUSTOMER_MAPPING.kyc_type_label, formulaFree: true },
  { header: 'roles', value: sql`array_to_string(role_list, ', ')` },
  { header: 'customer_type', value: CUSTOMER_MAPPING.customer_type },
  { header: 'created_at', value: exportTimestamp(sql`create_date`), formulaFree: true },
  { header: 'updated_at', value: exportTimestamp(sql`update_date`), formulaFree: true },
] as const;
