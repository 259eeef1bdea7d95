import type { CustomerFilters, CustomerSortKey } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import { CUSTOMER_MAPPING, customerSearch, exportTimestamp, isoUtc } from '../../../db/sql/index.ts';
import { allOf } from '../../../lib/list-query.ts';

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

/** A stored number's digits alone; the same expression as the phone filter's trigram index. */
const PHONE_DIGITS = sql`regexp_replace(mobile, '[^0-9]+', '', 'g')`;

/** The phone filter: its digits anywhere in the number's digits ("532 123" finds "+90 532 123 45 67"). */
const phoneMatch = (phone: string) => sql`${PHONE_DIGITS} LIKE ${`%${phone.replace(/\D/g, '')}%`}`;

/**
 * The customer list's filters, evaluated in the database. Case-insensitivity is Turkish-aware
 * (bd_fold): search as customerSearch; KYC status compares with its default applied; a role matches
 * any of the customer's parsed roles (stored roles_folded, GIN).
 */
export function customerWhere(filters: CustomerFilters): SQL {
  const conditions: SQL[] = [];
  if (filters.search) conditions.push(customerSearch(sql`search_text`, filters.search));
  if (filters.status) conditions.push(sql`status = ${filters.status}`);
  if (filters.kyc_status) {
    conditions.push(
      sql`public.bd_fold(${CUSTOMER_MAPPING.kyc_status}) = public.bd_fold(${filters.kyc_status})`,
    );
  }
  if (filters.role) {
    conditions.push(sql`roles_folded @> ARRAY[public.bd_fold(${filters.role})]`);
  }
  if (filters.phone) conditions.push(phoneMatch(filters.phone));
  return allOf(conditions);
}

/**
 * The select filters as a condition on customer_facet_counts (migration 0032): the same matching as
 * customerWhere's, on the folded values the counts are kept by; role NULL is every customer.
 */
export function facetWhere(filters: CustomerFilters): SQL {
  const conditions = [filters.role ? sql`role = public.bd_fold(${filters.role})` : sql`role IS NULL`];
  if (filters.status) conditions.push(sql`status = ${filters.status}`);
  if (filters.kyc_status) conditions.push(sql`kyc = public.bd_fold(${filters.kyc_status})`);
  return allOf(conditions);
}

/**
 * A customers row for toCustomer: the raw columns the detail and the audit read, and the mapped
 * fields (CUSTOMER_MAPPING); role_list holds bd_customer_roles.
 */
export const CUSTOMER_COLUMNS = sql`
  id, user_name, alias_name, alias_surname, alias_email, mobile, status, kyc_type, kyc_level,
  role_list, token_hash, version,
  ${CUSTOMER_MAPPING.phone} AS phone, ${CUSTOMER_MAPPING.kyc_status} AS kyc_status,
  ${CUSTOMER_MAPPING.kyc_type_label} AS kyc_type_label, ${CUSTOMER_MAPPING.customer_type} AS customer_type,
  ${CUSTOMER_MAPPING.active} AS active,
  ${isoUtc(sql`create_date`)} AS created_at, ${isoUtc(sql`update_date`)} AS updated_at`;

/**
 * The exported columns, in file order: the list's mapped fields without token_hash (a credential,
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
