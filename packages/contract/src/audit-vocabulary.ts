// Free of zod, so the web app can translate audit rows before the schemas load.

/** What the audit trail records changes of; the web app translates each as `audit:entities.<name>`. */
export const AUDIT_ENTITIES = [
  'customer',
  'customer_restriction',
  'customer_type',
  'transaction_limit',
  'commission_rule',
  'p2p_offer',
  'p2p_trade',
  'wallet_transaction',
  'approval_request',
  'staff_member',
  'app_setting',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** What was done; translated as `audit:actions.<name>`. One member action writes one row. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'add_note',
  'move_tier',
  'move_matching',
  'add',
  'lift',
  'suspend',
  'resume',
  'cancel',
  'settle',
  'approve',
  'reject',
  'request_approval',
  'expire',
  'disable',
  'enable',
  'end_sessions',
  'issue_password',
  'change_password',
  'enable_two_factor',
  'disable_two_factor',
  'reset_two_factor',
  'add_passkey',
  'remove_passkey',
  'renew_recovery_codes',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
