import type { CopyValue } from './copy-text.ts';
import { isoTime } from './copy-text.ts';
import { customerAt } from './customers.ts';
import { offerAt, tradeAt } from './p2p.ts';
import { transactionLimits } from './reference-data.ts';
import type { Timeline } from './timeline.ts';
import { walletTransactionAt } from './wallet-transactions.ts';

export interface SeedPlan {
  seed: number;
  customers: number;
  offers: number;
  trades: number;
  walletTransactions: number;
  timeline: Timeline;
}

/** A table filled by COPY: its columns and a lazy source of rows in that column order. */
export interface CopyTable {
  table: string;
  columns: readonly string[];
  rows(plan: SeedPlan): Iterable<readonly CopyValue[]>;
}

function* range(from: number, to: number): Generator<number> {
  for (let i = from; i <= to; i++) yield i;
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
  ],
  *rows({ seed, timeline, customers }) {
    for (const id of range(1, customers)) {
      const c = customerAt(seed, timeline, id);
      yield [
        c.id,
        c.userName,
        c.aliasName,
        c.aliasSurname,
        c.aliasEmail,
        c.mobile,
        c.status,
        c.userKy,
        c.kycType,
        c.kycLevel,
        c.rolesText,
        c.customerType,
        c.tokenHash,
        isoTime(c.createDate),
        isoTime(c.updateDate),
      ];
    }
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
  ],
  *rows({ seed, timeline, offers }) {
    for (let index = 0; index < offers; index++) {
      const o = offerAt(seed, timeline, index);
      yield [
        o.tradeMarketGuid,
        o.sellerUserName,
        o.contract.name,
        o.sellingAccountAddress,
        o.unitPrice,
        o.rankSeller,
        o.sellerMessage,
        o.status,
        isoTime(o.createdAt),
      ];
    }
  },
};

export const tradesTable: CopyTable = {
  table: 'p2p_trades',
  columns: ['trade_market_guid', 'buyer_user_name', 'trade_amount', 'status', 'created_at'],
  *rows({ seed, timeline, offers, trades }) {
    for (let index = 0; index < trades; index++) {
      const t = tradeAt(seed, timeline, offers, index);
      yield [t.tradeMarketGuid, t.buyerUserName, t.tradeAmount, t.status, isoTime(t.createdAt)];
    }
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
  *rows({ seed, timeline }) {
    for (const l of transactionLimits(seed, timeline)) {
      yield [
        l.limitType,
        l.contractName,
        l.walletAddress,
        l.walletName,
        l.minAmount,
        l.maxAmount,
        l.dailyCap,
        l.monthlyCap,
        isoTime(l.createdAt),
      ];
    }
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
  ],
  *rows({ seed, timeline, walletTransactions }) {
    for (const id of range(1, walletTransactions)) {
      const w = walletTransactionAt(seed, timeline, id, walletTransactions);
      yield [
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
      ];
    }
  },
};

/** In dependency order: wallet transactions reference customers. */
export const COPY_TABLES: readonly CopyTable[] = [
  customersTable,
  offersTable,
  tradesTable,
  limitsTable,
  walletTransactionsTable,
];
