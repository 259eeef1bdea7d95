/** The assets the exchange holds, in the order pickers list them. */
export const ASSETS = ['BTC', 'ETH', 'USDT', 'USDC', 'TRYB', 'TRY'] as const;
export type Asset = (typeof ASSETS)[number];

/** Decimal places each asset can carry; an amount with more is refused rather than rounded. */
export const ASSET_DECIMALS: Readonly<Record<Asset, number>> = {
  BTC: 8,
  ETH: 18,
  USDT: 6,
  USDC: 6,
  TRYB: 6,
  TRY: 2,
};

/** The currencies the exchange's rates are quoted in (fiat: each at two places). */
export const RATE_QUOTES = ['TRY', 'USD', 'EUR'] as const;

/** The currency P2P offers are priced in: a unit price and a trade's total are in it. */
export const P2P_PRICE_CURRENCY = 'TRY';

/** The database keeps 18 places (numeric(36,18)); an unknown asset may use all of them. */
export const MAX_DECIMALS = 18;

export const decimalsOf = (asset: string | null | undefined): number =>
  (asset ? (ASSET_DECIMALS as Readonly<Record<string, number>>)[asset.toUpperCase()] : undefined) ??
  MAX_DECIMALS;

/** A limit's or an offer's contract names the asset first: "USDT-TRC20" → "USDT", "BTC" → "BTC". */
export const assetOfContract = (contract: string | null | undefined): string | null =>
  contract ? (contract.split('-')[0]?.toUpperCase() ?? null) : null;

/** Networks whose tokens are named "<asset>-<standard>" in contracts; native coins go by their asset. */
const TOKEN_STANDARD: Readonly<Record<string, string>> = { TRC20: 'TRC20', ERC20: 'ERC20', BEP20: 'BEP20' };

/**
 * The contract name a limit uses for a wallet transaction's asset on its network: tokens carry their
 * standard ("USDT" on TRC20 → "USDT-TRC20"), native coins and fiat their asset ("BTC", "TRY"). Ether
 * on its own chain is named like the P2P contract ("ETH-ERC20"), as the limit table does.
 */
export function contractNameOf(asset: string, network: string): string {
  const standard = TOKEN_STANDARD[network.toUpperCase()];
  if (standard) return `${asset.toUpperCase()}-${standard}`;
  if (asset.toUpperCase() === 'ETH' && network.toUpperCase() === 'ETHEREUM') return 'ETH-ERC20';
  return asset.toUpperCase();
}
