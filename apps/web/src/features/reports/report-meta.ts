import type { ReportName } from '@backdesk/contract';
import type { PageTitleKey } from '../../components/page-header.tsx';

/** How each report is drawn: its title, the measures stacked per period, the trend compared with the previous period, the shares shown as a donut. */
export interface ReportMeta {
  titleKey: PageTitleKey;
  navKey: string;
  /** Count or money measures drawn as bars per period. */
  bars: string[];
  barType: 'stacked' | 'default';
  /** The measure whose trend is drawn against the previous period; default: the bars' sum. */
  trend?: string;
  donut?: { breakdown: string; measure: string };
}

export const REPORT_META: Record<ReportName, ReportMeta> = {
  compliance: {
    titleKey: 'complianceReports',
    navKey: 'complianceReports',
    bars: ['approved', 'rejected', 'resubmit'],
    barType: 'stacked',
    trend: 'median_review',
    donut: { breakdown: 'by_outcome', measure: 'decisions' },
  },
  csc: {
    titleKey: 'cscReports',
    navKey: 'cscReports',
    bars: ['passed', 'review', 'pending', 'failed'],
    barType: 'stacked',
    donut: { breakdown: 'by_channel', measure: 'count' },
  },
  customers: {
    titleKey: 'customerReports',
    navKey: 'customerReports',
    bars: ['individual', 'business'],
    barType: 'stacked',
    donut: { breakdown: 'tiers_now', measure: 'customers' },
  },
  financial: {
    titleKey: 'financialReports',
    navKey: 'financialReports',
    bars: ['deposits_value', 'withdrawals_value'],
    barType: 'default',
    trend: 'net_value',
    donut: { breakdown: 'per_asset', measure: 'deposits_value' },
  },
  'fraud-security': {
    titleKey: 'fraudSecurityReports',
    navKey: 'fraudSecurityReports',
    bars: ['alerts_raised', 'alerts_confirmed', 'restrictions_added', 'staff_denied'],
    barType: 'default',
    donut: { breakdown: 'by_rule', measure: 'alerts_raised' },
  },
  p2p: {
    titleKey: 'p2pReports',
    navKey: 'p2pReports',
    bars: ['completed', 'cancelled', 'disputed', 'pending'],
    barType: 'stacked',
    trend: 'avg_completion',
    donut: { breakdown: 'by_status', measure: 'count' },
  },
  transactions: {
    titleKey: 'transactionReports',
    navKey: 'transactionReports',
    bars: ['deposits', 'withdrawals', 'transfers', 'fees'],
    barType: 'stacked',
    donut: { breakdown: 'by_status', measure: 'count' },
  },
  'travel-rule': {
    titleKey: 'travelRuleReports',
    navKey: 'travelRuleReports',
    bars: [
      'complete',
      'required_unverified',
      'information_missing',
      'awaiting_counterparty',
      'returned',
      'rejected',
    ],
    barType: 'stacked',
    trend: 'share_complete',
    donut: { breakdown: 'by_state', measure: 'records' },
  },
};

/** Series colours from the theme: each reads on light and dark backgrounds. */
export const SERIES_COLORS = [
  'blue.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'red.6',
  'cyan.6',
  'yellow.7',
  'pink.6',
];
