import type { Access } from '@backdesk/contract/access';
import type { Icon } from '@tabler/icons-react';
import {
  IconArrowsExchange,
  IconChartBar,
  IconHistory,
  IconInbox,
  IconLayoutDashboard,
  IconSettings,
  IconShieldCheck,
  IconUsers,
} from '@tabler/icons-react';
import type en from '../../locales/en/common.json';
import type { FileRoutesByTo } from '../../routeTree.gen.ts';

export type NavPath = keyof FileRoutesByTo;
type NavItemKey = keyof typeof en.nav.items;
type NavGroupKey = keyof typeof en.nav.groups;

export interface NavLinkItem {
  to: NavPath;
  label: NavItemKey;
  /** Shown only to members holding this capability (the page itself refuses the others). */
  access?: Access;
  /** Current on its own pages below it too (tabs, a record's page), which have no item of their own. */
  withSubpages?: true;
}

/** A single top-level link, or an area with its screens (docs/product-rules.md R5). */
export type NavEntry =
  | ({ kind: 'link'; icon: Icon } & NavLinkItem)
  | { kind: 'group'; group: NavGroupKey; icon: Icon; items: NavLinkItem[] };

export const NAVIGATION: NavEntry[] = [
  { kind: 'link', to: '/', label: 'dashboard', icon: IconLayoutDashboard },
  {
    kind: 'group',
    group: 'compliance',
    icon: IconShieldCheck,
    items: [
      { to: '/compliance', label: 'overview' },
      { to: '/compliance/fraud-check', label: 'fraudCheck', withSubpages: true },
      { to: '/compliance/kyc-docs', label: 'kycDocs' },
      { to: '/compliance/kyc-manage', label: 'kycManage' },
      { to: '/compliance/travel-rule', label: 'travelRule', withSubpages: true },
    ],
  },
  {
    kind: 'group',
    group: 'crm',
    icon: IconUsers,
    items: [
      { to: '/crm', label: 'overview' },
      { to: '/crm/customers', label: 'customers' },
      { to: '/crm/customers/add', label: 'addCustomer' },
      { to: '/crm/customer-types', label: 'customerTypes' },
      { to: '/crm/customers/kyc', label: 'customerKyc' },
      { to: '/crm/customers/restrictions', label: 'customerRestrictions' },
      { to: '/crm/user-assets', label: 'userAssets' },
    ],
  },
  {
    kind: 'group',
    group: 'transactions',
    icon: IconArrowsExchange,
    items: [
      { to: '/transactions', label: 'overview' },
      { to: '/transactions/wallet-transactions', label: 'walletTransactions' },
      { to: '/transactions/checks', label: 'realtimeChecks' },
      { to: '/transactions/commissions', label: 'commissions' },
      { to: '/transactions/limits', label: 'limits' },
      { to: '/transactions/active-p2p', label: 'activeP2p' },
      { to: '/transactions/pending-p2p', label: 'pendingP2p' },
    ],
  },
  {
    kind: 'group',
    group: 'reports',
    icon: IconChartBar,
    items: [
      { to: '/reports', label: 'overview' },
      { to: '/reports/compliance', label: 'complianceReports' },
      { to: '/reports/csc', label: 'cscReports' },
      { to: '/reports/customers', label: 'customerReports' },
      { to: '/reports/financial', label: 'financialReports' },
      { to: '/reports/fraud-security', label: 'fraudSecurityReports' },
      { to: '/reports/p2p', label: 'p2pReports' },
      { to: '/reports/transactions', label: 'transactionReports' },
      { to: '/reports/travel-rule', label: 'travelRuleReports' },
    ],
  },
  { kind: 'link', to: '/logs/access', label: 'accessLogs', icon: IconHistory },
  { kind: 'link', to: '/inbox', label: 'inbox', icon: IconInbox },
  {
    kind: 'group',
    group: 'settings',
    icon: IconSettings,
    items: [
      { to: '/settings', label: 'settings' },
      { to: '/settings/2FA', label: 'twoFactor' },
      { to: '/settings/members', label: 'members', access: 'staff' },
      { to: '/settings/integrations', label: 'integrations', access: 'integrations' },
      { to: '/settings/notifications', label: 'notifications' },
    ],
  },
];

/** The navigation as one member sees it: links their role may not open are left out. */
export function navigationFor(can: (guarded: { access: Access }) => boolean): NavEntry[] {
  const visible = (item: NavLinkItem) => item.access === undefined || can({ access: item.access });
  return NAVIGATION.flatMap<NavEntry>((entry) => {
    if (entry.kind === 'link') return visible(entry) ? [entry] : [];
    return [{ ...entry, items: entry.items.filter(visible) }];
  });
}
