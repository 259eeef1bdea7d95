import type { Customer } from '@backdesk/contract';

/** A customers row as CUSTOMER_COLUMNS selects it: raw columns plus the SQL-mapped fields. */
export type CustomerRow = {
  id: number;
  user_name: string;
  alias_name: string | null;
  alias_surname: string | null;
  alias_email: string | null;
  mobile: string | null;
  status: string | null;
  kyc_type: string;
  kyc_level: number;
  /** Already parsed by bd_customer_roles (in SQL, so the role filter uses the same parse). */
  role_list: string[];
  token_hash: string | null;
  version: number;
  /** CUSTOMER_MAPPING (customer-sql.ts): the defaults, the KYC type label and the active rule. */
  phone: string;
  kyc_status: string;
  kyc_type_label: string;
  customer_type: string;
  active: boolean;
  created_at: string;
  updated_at: string;
};

/** A row onto the API shape; the mapped fields were computed in SQL (CUSTOMER_MAPPING). */
export function toCustomer(row: CustomerRow): Customer {
  return {
    id: Number(row.id),
    user_name: row.user_name,
    alias_name: row.alias_name,
    alias_surname: row.alias_surname,
    email: row.alias_email,
    phone: row.phone,
    status: row.status,
    kyc_status: row.kyc_status,
    kyc_type_label: row.kyc_type_label as Customer['kyc_type_label'],
    roles: row.role_list,
    customer_type: row.customer_type,
    token_hash: row.token_hash,
    created_at: row.created_at,
    updated_at: row.updated_at,
    active: row.active,
    version: row.version,
  };
}
