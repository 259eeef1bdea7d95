import { Decimal } from '@backdesk/contract/rules';
import {
  WITHDRAWAL_RELEASE,
  WITHDRAWAL_RELEASE_TTL_MS,
} from '../../modules/transactions/wallet/withdrawal-release.ts';
import { isoTime } from './copy-text.ts';
import type { CopyTable, Row, SeedPlan } from './tables.ts';
import { walletTransactionAt } from './wallet-transactions.ts';

type RuleSpec = [
  operation: string,
  asset: string | null,
  customerType: string | null,
  kind: 'percent' | 'flat',
  value: string,
  minFee: string | null,
  maxFee: string | null,
];

/**
 * A fee schedule shaped like a Turkish exchange's: free deposits, flat network fees on crypto
 * withdrawals, free FAST/EFT payouts, maker-taker style trading percentages that fall with the tier,
 * and a P2P fee with a floor and a ceiling. Wildcards (null asset or tier) sit under specific rules.
 */
const COMMISSION_RULES: readonly RuleSpec[] = [
  ['deposit', null, null, 'flat', '0', null, null],
  ['withdrawal', null, null, 'percent', '0.1', null, null],
  ['withdrawal', 'BTC', null, 'flat', '0.0005', null, null],
  ['withdrawal', 'BTC', 'platinum', 'flat', '0.0002', null, null],
  ['withdrawal', 'ETH', null, 'flat', '0.004', null, null],
  ['withdrawal', 'USDT', null, 'flat', '1', null, null],
  ['withdrawal', 'USDC', null, 'flat', '5', null, null],
  ['withdrawal', 'TRY', null, 'flat', '0', null, null],
  ['trade', null, null, 'percent', '0.2', null, null],
  ['trade', null, 'silver', 'percent', '0.18', null, null],
  ['trade', null, 'gold', 'percent', '0.15', null, null],
  ['trade', null, 'platinum', 'percent', '0.1', null, null],
  ['trade', 'TRY', null, 'percent', '0.25', '1', '5000'],
  ['p2p', null, null, 'percent', '0.1', null, null],
  ['p2p', 'USDT', null, 'percent', '0.1', '0.5', '20'],
  ['p2p', 'USDT', 'gold', 'percent', '0.05', '0.25', '10'],
  ['p2p', 'BTC', null, 'percent', '0.1', '0.00001', '0.001'],
];

export const commissionRulesTable: CopyTable = {
  table: 'commission_rules',
  columns: [
    'operation',
    'asset',
    'customer_type',
    'kind',
    'value',
    'min_fee',
    'max_fee',
    'created_at',
    'updated_at',
  ],
  size: () => COMMISSION_RULES.length,
  rowAt:
    ({ timeline }) =>
    (index) => {
      const at = isoTime(timeline.now - 200 * 86_400_000);
      return [...COMMISSION_RULES[index]!, at, at];
    },
};

/** Withdrawals above these amounts need a second, different approver (four-eyes). */
export const FOUR_EYES_THRESHOLDS: Readonly<Record<string, string>> = {
  BTC: '0.5',
  ETH: '10',
  USDT: '10000',
  USDC: '10000',
  TRY: '250000',
};

export const appSettingsTable: CopyTable = {
  table: 'app_settings',
  columns: ['key', 'value'],
  size: () => 1,
  rowAt: () => () => ['withdrawal_four_eyes_threshold', JSON.stringify(FOUR_EYES_THRESHOLDS)],
};

/** Demo staff are created before the data, in order super, admin, …: admin is member 2. */
const DEMO_ADMIN_ID = 2;
const HALF_APPROVED = 4;
/** Withdrawals wait for review for two weeks at most; the newest rows are enough to find some. */
const SCAN_NEWEST = 20_000;
/** A demo first approval is at most this old when the data is made, so it is still open a while. */
const ASKED_WITHIN_MS = 2 * 3_600_000;

/**
 * A few large withdrawals under review that the demo admin has approved once: each has an open
 * four-eyes request (kind withdrawal_release) waiting for a second, different member.
 */
function halfApprovedWithdrawals(plan: SeedPlan): Row[] {
  const rows: Row[] = [];
  const count = plan.walletTransactions;
  for (let id = count; id > Math.max(0, count - SCAN_NEWEST) && rows.length < HALF_APPROVED; id--) {
    const w = walletTransactionAt(plan.seed, plan.timeline, id, count);
    const threshold = FOUR_EYES_THRESHOLDS[w.asset];
    if (w.type !== 'withdrawal' || w.status !== 'under_review' || !threshold) continue;
    if (new Decimal(w.amount).lte(threshold)) continue;
    const askedAt = Math.max(w.createdAt + 600_000, plan.timeline.now - ASKED_WITHIN_MS);
    rows.push([
      WITHDRAWAL_RELEASE,
      'wallet_transaction',
      String(id),
      JSON.stringify({ customer_id: w.customerId, asset: w.asset, network: w.network, amount: w.amount }),
      DEMO_ADMIN_ID,
      'Destination address matches previous payouts',
      isoTime(askedAt),
      isoTime(askedAt + WITHDRAWAL_RELEASE_TTL_MS),
    ]);
  }
  return rows;
}

export const approvalRequestsTable: CopyTable = {
  table: 'approval_requests',
  columns: [
    'kind',
    'entity',
    'entity_id',
    'payload',
    'requested_by',
    'request_reason',
    'requested_at',
    'expires_at',
  ],
  size: (plan) => halfApprovedWithdrawals(plan).length,
  rowAt: (plan) => {
    const rows = halfApprovedWithdrawals(plan);
    return (index) => rows[index]!;
  },
};

/** Transactions-area tables filled after the core tables (commission rules, settings, four-eyes requests). */
export const TRANSACTION_COPY_TABLES: readonly CopyTable[] = [
  commissionRulesTable,
  appSettingsTable,
  approvalRequestsTable,
];
