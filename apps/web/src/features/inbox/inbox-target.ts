import type { InboxItem } from '@backdesk/contract';

/** Where an item's work is done: the page that opens its record. */
export type InboxTarget =
  | { to: '/transactions/wallet-transactions'; search: { id: string } }
  | { to: '/transactions/pending-p2p'; search: { guid?: string } }
  | { to: '/settings/members'; search: Record<string, never> }
  | { to: '/crm/customer-types'; search: Record<string, never> }
  | { to: '/compliance/kyc-manage'; search: Record<string, never> }
  | { to: '/compliance/fraud-check'; search: { alert?: string } }
  | { to: '/compliance/fraud-check/cases/$caseId'; params: { caseId: string }; search: Record<string, never> }
  | { to: '/compliance/travel-rule/$recordId'; params: { recordId: string }; search: Record<string, never> }
  | null;

export function inboxTarget(item: InboxItem): InboxTarget {
  switch (item.source.type) {
    case 'wallet_transaction':
      return { to: '/transactions/wallet-transactions', search: { id: item.source.id } };
    case 'p2p_trade':
      return { to: '/transactions/pending-p2p', search: {} };
    case 'approval_request':
      if (typeof item.params.entity_id !== 'string') return null;
      // A withdrawal release is decided on the withdrawal itself, a KYC level in the KYC queue.
      if (item.params.approval_kind === 'withdrawal_release')
        return { to: '/transactions/wallet-transactions', search: { id: item.params.entity_id } };
      if (item.params.approval_kind === 'kyc_level_approval')
        return { to: '/compliance/kyc-manage', search: {} };
      // A bulk action's request is decided above the alert list it came from.
      if (item.params.approval_kind === 'fraud_alerts_bulk')
        return { to: '/compliance/fraud-check', search: {} };
      // A travel-rule release is approved on its record, beside the data it verifies.
      if (item.params.approval_kind === 'travel_rule_release')
        return {
          to: '/compliance/travel-rule/$recordId',
          params: { recordId: item.params.entity_id },
          search: {},
        };
      if (item.params.approval_kind === 'customer_types_move')
        return { to: '/crm/customer-types', search: {} };
      return null;
    case 'kyc_case':
      return { to: '/compliance/kyc-manage', search: {} };
    case 'staff_member':
      return { to: '/settings/members', search: {} };
    case 'fraud_alert':
      return { to: '/compliance/fraud-check', search: { alert: item.source.id } };
    case 'fraud_case':
      return { to: '/compliance/fraud-check/cases/$caseId', params: { caseId: item.source.id }, search: {} };
    default:
      return null;
  }
}

/** The background export an "export ready" notice announces (opening it downloads the file). */
export function exportIdOf(item: InboxItem): number | null {
  if (item.notice !== 'export_ready') return null;
  const id = Number(item.params.export);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Whether an item has something to open: a page, or an export's file. */
export const opensSomething = (item: InboxItem): boolean =>
  inboxTarget(item) !== null || exportIdOf(item) !== null;
