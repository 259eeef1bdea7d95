import type { CustomerFilters, CustomerSortKey } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';

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
  phone: sql`coalesce(mobile, '-')`,
  status: sql`coalesce(status, '')`,
  kyc_status: sql`coalesce(user_ky, 'kyc')`,
  customer_type: sql`coalesce(customer_type, 'bronze')`,
  created_at: sql`create_date`,
  updated_at: sql`update_date`,
};

/** A timestamp as ISO 8601 UTC text, independent of driver type parsers and session time zone. */
export const isoUtc = (column: SQL) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

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

/** The columns the spec's mapping (customer-mapping.ts) reads; role_list holds bd_customer_roles. */
export const CUSTOMER_COLUMNS = sql`
  id, user_name, alias_name, alias_surname, alias_email, mobile, status, user_ky, kyc_type, kyc_level,
  role_list, customer_type, token_hash, version,
  ${isoUtc(sql`create_date`)} AS created_at, ${isoUtc(sql`update_date`)} AS updated_at`;
