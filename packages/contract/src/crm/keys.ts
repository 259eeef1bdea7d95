// Free of zod, so route definitions (in the entry chunk) can validate search params with them.
export const CUSTOMER_SORT_KEYS = [
  'user_name',
  'alias_name',
  'alias_surname',
  'email',
  'phone',
  'status',
  'kyc_status',
  'customer_type',
  'created_at',
  'updated_at',
] as const;
export const CUSTOMER_KYC_TYPES = ['kyc', 'kyb'] as const;
export const RESTRICTION_KINDS = ['login', 'deposit', 'withdrawal', 'trade', 'p2p'] as const;
export const RESTRICTION_STATES = ['active', 'scheduled', 'expired', 'lifted'] as const;
export const RESTRICTION_SORT_KEYS = ['created_at', 'starts_at', 'kind'] as const;
export const KYC_SORT_KEYS = ['user_name', 'kyc_status', 'kyc_level', 'created_at'] as const;
export const ASSET_SORT_KEYS = ['available', 'locked', 'updated_at'] as const;
/** The customer list's four filters, as query and URL parameter names. */
export const CUSTOMER_FILTER_KEYS = ['search', 'status', 'kyc_status', 'role'] as const;
/** URL filter parameters of the other CRM lists. */
export const RESTRICTION_FILTER_KEYS = ['kind', 'state', 'customer'] as const;
export const KYC_FILTER_KEYS = ['search', 'kyc_status', 'kyc_type', 'kyc_level'] as const;
export const ASSET_FILTER_KEYS = ['customer', 'asset'] as const;
