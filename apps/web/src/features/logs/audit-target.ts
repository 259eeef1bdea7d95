import type { AuditTrailRow } from '@backdesk/contract';

/** Where the thing an audit row changed is shown: a route and its params or search, or nothing. */
export type AuditTarget =
  | { to: '/crm/customers/$customerId'; params: { customerId: number } }
  | { to: '/transactions/wallet-transactions'; search: { id: string } }
  | {
      to:
        | '/crm/customer-types'
        | '/transactions/limits'
        | '/transactions/commissions'
        | '/transactions/active-p2p'
        | '/transactions/pending-p2p'
        | '/settings/members'
        | '/logs/access';
    };

/** A change about a customer opens the customer; anything else opens the screen that lists it. */
export function auditTarget(
  row: Pick<AuditTrailRow, 'entity' | 'entity_id' | 'customer_id'>,
): AuditTarget | null {
  if (row.customer_id !== null)
    return { to: '/crm/customers/$customerId', params: { customerId: row.customer_id } };
  switch (row.entity) {
    case 'customer_type':
      return { to: '/crm/customer-types' };
    case 'transaction_limit':
      return { to: '/transactions/limits' };
    case 'commission_rule':
      return { to: '/transactions/commissions' };
    case 'p2p_offer':
      return { to: '/transactions/active-p2p' };
    case 'p2p_trade':
      return { to: '/transactions/pending-p2p' };
    case 'wallet_transaction':
      return { to: '/transactions/wallet-transactions', search: { id: row.entity_id } };
    case 'staff_member':
      return { to: '/settings/members' };
    case 'app_setting':
      return row.entity_id === 'access_log_retention_days' ? { to: '/logs/access' } : null;
    default:
      return null;
  }
}
