import type { Customer } from '@backdesk/contract';

/** A customers row as CUSTOMER_COLUMNS selects it. */
export type CustomerRow = {
  id: number;
  user_name: string;
  alias_name: string | null;
  alias_surname: string | null;
  alias_email: string | null;
  mobile: string | null;
  status: string | null;
  user_ky: string | null;
  kyc_type: string;
  kyc_level: number;
  /** Already parsed by bd_customer_roles (spec §3 rule, in SQL so the filter uses the same one). */
  role_list: string[];
  customer_type: string | null;
  token_hash: string | null;
  version: number;
  created_at: string;
  updated_at: string;
};

/** Spec §3 mapping, to the letter, plus spec §4's active rule. */
export function toCustomer(row: CustomerRow): Customer {
  return {
    id: Number(row.id),
    user_name: row.user_name,
    alias_name: row.alias_name,
    alias_surname: row.alias_surname,
    email: row.alias_email,
    phone: row.mobile ?? '-',
    status: row.status,
    kyc_status: row.user_ky ?? 'kyc',
    kyc_type_label: row.kyc_type === 'kyb' ? 'Business' : 'Individual',
    roles: row.role_list,
    customer_type: row.customer_type ?? 'bronze',
    token_hash: row.token_hash,
    created_at: row.created_at,
    updated_at: row.updated_at,
    active: Boolean(row.token_hash) || row.status === 'active',
    version: row.version,
  };
}
