import { Decimal, decimalText } from './decimal.ts';

/** docs/product-rules.md R16: an offer-less trade reads seller "Unknown" and unit price 0; other offer fields null. */
export const ENRICHMENT_DEFAULTS = { seller_user_name: 'Unknown', unit_price: '0' } as const;

export interface PendingTradeFields {
  trade_market_guid: string;
  trade_amount: string;
}

export interface MarketOfferFields {
  trade_market_guid: string;
  seller_user_name: string;
  selling_contract_name: string | null;
  selling_account_address: string | null;
  unit_price: string;
  rank_seller: number | null;
  seller_message: string | null;
}

export type EnrichedTradeFields<T extends PendingTradeFields> = T &
  Omit<MarketOfferFields, 'trade_market_guid'> & { total_price: string };

/** total_price = trade_amount × unit_price, exact (the server computes the same in numeric). */
export const tradeTotal = (tradeAmount: string, unitPrice: string): string =>
  decimalText(new Decimal(tradeAmount).mul(unitPrice));

/**
 * R16's enrichment of one trade with its offer (or the defaults when none matches). The
 * server does this as a SQL join; this function is the reference the join is tested against and
 * the client-side join the P2P bench measures.
 */
export function enrichTrade<T extends PendingTradeFields>(
  trade: T,
  offer: MarketOfferFields | undefined,
): EnrichedTradeFields<T> {
  const unitPrice = offer?.unit_price ?? ENRICHMENT_DEFAULTS.unit_price;
  return {
    ...trade,
    seller_user_name: offer?.seller_user_name ?? ENRICHMENT_DEFAULTS.seller_user_name,
    selling_contract_name: offer?.selling_contract_name ?? null,
    selling_account_address: offer?.selling_account_address ?? null,
    unit_price: unitPrice,
    rank_seller: offer?.rank_seller ?? null,
    seller_message: offer?.seller_message ?? null,
    total_price: tradeTotal(trade.trade_amount, unitPrice),
  };
}
