import { ASSET_PRECISION, catalogueExternalId, RAILS } from './assets.ts';
import type { CopyValue } from './copy-text.ts';
import { isoTime } from './copy-text.ts';
import { customerAt, seededCustomerExternalId } from './customers.ts';
import { birthDateOf } from './fraud.ts';
import { seededKycStatus } from './kyc.ts';
import { offerAt, offerMemo, tradeAt } from './p2p.ts';
import { LIMIT_COUNT, transactionLimits } from './reference-data.ts';
import { depositFacts, tradeClosedAt } from './report-facts.ts';
import type { Timeline } from './timeline.ts';
import { walletTransactionAt } from './wallet-transactions.ts';

export interface SeedPlan {
  seed: number;
  customers: number;
  offers: number;
  trades: number;
  walletTransactions: number;
  timeline: Timeline;
  /** The specimen files KYC documents point at (kyc.ts seedSpecimens), by kind. */
  specimens?: ReadonlyMap<
    string,
    readonly { bytes: Buffer; contentType: string; sha256: string; fileName: string }[]
  >;
}

export type Row = readonly CopyValue[];

/**
 * A table filled by COPY: its columns and its rows in that column order. Row `i` (0-based) can be
 * built on its own, so ranges of a table can be generated in any order, or in parallel.
 */
export interface CopyTable {
  table: string;
  columns: readonly string[];
  size(plan: SeedPlan): number;
  rowAt(plan: SeedPlan): (index: number) => Row;
  /**
   * Slow preparation the rows need (KYC's specimen files), started when the seed starts so it runs
   * while the tables before this one load; awaited before this table's rows.
   */
  prepare?(plan: SeedPlan): Promise<void>;
}

export function* rowsBetween(rowAt: (index: number) => Row, from: number, to: number): Generator<Row> {
  for (let i = from; i < to; i++) yield rowAt(i);
}

export const customersTable: CopyTable = {
  table: 'customers',
  columns: [
    'id',
    'user_name',
    'alias_name',
    'alias_surname',
    'alias_email',
    'mobile',
    'status',
    'user_ky',
    'kyc_type',
    'kyc_level',
    'roles',
    'customer_type',
    'token_hash',
    'create_date',
    'update_date',
    // Screening compares them with a list entry's; written here, not updated afterwards (an UPDATE
    // of every row rewrote the table and each of its indexes: minutes at a million customers).
    'birth_date',
    'nationality',
    // The exchange's own id of each seeded customer, so the simulator and the demo's activity can
    // name them through the public API (decision 0025).
    'external_id',
  ],
  size: (plan) => plan.customers,
  rowAt: (plan) => (index) => {
    const c = customerAt(plan.seed, plan.timeline, index + 1);
    return [
      c.id,
      c.userName,
      c.aliasName,
      c.aliasSurname,
      c.aliasEmail,
      c.mobile,
      c.status,
      seededKycStatus(plan, c),
      c.kycType,
      c.kycLevel,
      c.rolesText,
      c.customerType,
      c.tokenHash,
      isoTime(c.createDate),
      isoTime(c.updateDate),
      birthDateOf(plan, c.id),
      c.countryCode,
      seededCustomerExternalId(c.id),
    ];
  },
};

export const offersTable: CopyTable = {
  table: 'p2p_offers',
  columns: [
    'trade_market_guid',
    'seller_user_name',
    'selling_contract_name',
    'selling_account_address',
    'unit_price',
    'rank_seller',
    'seller_message',
    'status',
    'created_at',
    'external_id',
  ],
  size: (plan) => plan.offers,
  rowAt:
    ({ seed, timeline }) =>
    (index) => {
      const o = offerAt(seed, timeline, index);
      return [
        o.tradeMarketGuid,
        o.sellerUserName,
        o.contract.name,
        o.sellingAccountAddress,
        o.unitPrice,
        o.rankSeller,
        o.sellerMessage,
        o.status,
        isoTime(o.createdAt),
        // The exchange's id of a seeded offer (decision 0025): the demo's trades name it.
        `off_${index + 1}`,
      ];
    },
};

export const tradesTable: CopyTable = {
  table: 'p2p_trades',
  columns: ['trade_market_guid', 'buyer_user_name', 'trade_amount', 'status', 'created_at', 'closed_at'],
  size: (plan) => plan.trades,
  rowAt: ({ seed, timeline, offers }) => {
    const offerOf = offerMemo(seed, timeline, offers);
    return (index) => {
      const t = tradeAt(seed, timeline, offers, index, offerOf);
      const closedAt = tradeClosedAt(seed, index, t.status, t.createdAt, timeline.now);
      return [
        t.tradeMarketGuid,
        t.buyerUserName,
        t.tradeAmount,
        t.status,
        isoTime(t.createdAt),
        closedAt === null ? null : isoTime(closedAt),
      ];
    };
  },
};

export const limitsTable: CopyTable = {
  table: 'transaction_limits',
  columns: [
    'limit_type',
    'contract_name',
    'wallet_address',
    'wallet_name',
    'min_amount',
    'max_amount',
    'daily_cap',
    'monthly_cap',
    'created_at',
  ],
  size: () => LIMIT_COUNT,
  rowAt: ({ seed, timeline }) => {
    const rows = [...transactionLimits(seed, timeline)].map(
      (l): Row => [
        l.limitType,
        l.contractName,
        l.walletAddress,
        l.walletName,
        l.minAmount,
        l.maxAmount,
        l.dailyCap,
        l.monthlyCap,
        isoTime(l.createdAt),
      ],
    );
    return (index) => rows[index]!;
  },
};

export const walletTransactionsTable: CopyTable = {
  table: 'wallet_transactions',
  columns: [
    'id',
    'customer_id',
    'type',
    'asset',
    'network',
    'amount',
    'fee',
    'from_address',
    'to_address',
    'tx_hash',
    'status',
    'created_at',
    'updated_at',
    'channel',
    'source_check',
    'hold_state',
  ],
  size: (plan) => plan.walletTransactions,
  rowAt:
    ({ seed, timeline, walletTransactions }) =>
    (index) => {
      const w = walletTransactionAt(seed, timeline, index + 1, walletTransactions);
      const facts = depositFacts(seed, w.id, w.type, w.network, w.status);
      return [
        w.id,
        w.customerId,
        w.type,
        w.asset,
        w.network,
        w.amount,
        w.fee,
        w.fromAddress,
        w.toAddress,
        w.txHash,
        w.status,
        isoTime(w.createdAt),
        isoTime(w.updatedAt),
        facts.channel,
        facts.sourceCheck,
        facts.holdState,
      ];
    },
};

/** The exchange's asset catalogue as the simulator sends it, version 1, so every form and amount has it. */
export const assetsTable: CopyTable = {
  table: 'assets',
  columns: ['external_id', 'asset', 'network', 'precision', 'is_fiat', 'external_version', 'received_at'],
  size: () => RAILS.length,
  rowAt:
    ({ timeline }) =>
    (index) => {
      const rail = RAILS[index]!;
      return [
        catalogueExternalId(rail),
        rail.asset,
        rail.network,
        ASSET_PRECISION[rail.asset] ?? 8,
        rail.network === 'BANK' ? 't' : 'f',
        1,
        isoTime(timeline.now),
      ];
    },
};

/** In dependency order: wallet transactions reference customers. */
export const COPY_TABLES: readonly CopyTable[] = [
  customersTable,
  offersTable,
  tradesTable,
  limitsTable,
  assetsTable,
  walletTransactionsTable,
];
