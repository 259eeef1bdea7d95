import { assetOfContract, RATE_QUOTES } from './assets.ts';

/**
 * The one way an amount is shown, on every screen, PDF and notice: exact decimal text (never a
 * float), at its asset's precision from the exchange's catalogue, grouped for the locale, the asset's
 * code after the number ("300,000.00 TRY", tr "300.000,00 TRY").
 *
 * Precision rules:
 * - Digits beyond the asset's precision are cut (truncated toward zero), as the exchange's ledger
 *   shows balances: a display never shows more than is there. Stored amounts rarely have such
 *   digits (intake refuses them); computed ones (a TRY value at a rate) do.
 * - Fiat shows exactly its precision, trailing zeros kept (300,000.00 TRY), as money is written.
 * - Crypto shows up to its precision with trailing zeros trimmed (0.5 BTC, not 0.50000000; an ether
 *   amount would otherwise carry eighteen zeros).
 * - A currency rates are quoted in (TRY, USD, EUR) that the catalogue does not list is fiat at two
 *   places: the reporting currency (USD) is one, and no asset.
 * - An asset the catalogue does not list shows its exact value cut at 8 places, trailing zeros trimmed.
 */

/** What the formatter needs of a catalogue entry. */
export interface AssetPlaces {
  precision: number;
  isFiat: boolean;
}

/** The catalogue by asset code (upper case). */
export type AmountCatalogue = ReadonlyMap<string, AssetPlaces>;

/** What a quote currency is when the catalogue does not list it. */
const QUOTE_PLACES: AssetPlaces = { precision: 2, isFiat: true };
const QUOTES: ReadonlySet<string> = new Set(RATE_QUOTES);

/** Places shown for an asset the catalogue does not list. */
export const UNKNOWN_ASSET_PLACES = 8;

/**
 * The catalogue's rows (one per asset and network) by asset: where two networks of an asset differ,
 * the larger precision, so no network's amount is cut.
 */
export function amountCatalogue(
  rows: readonly { asset: string; precision: number; is_fiat: boolean }[],
): AmountCatalogue {
  const byAsset = new Map<string, AssetPlaces>();
  for (const row of rows) {
    const code = row.asset.toUpperCase();
    const known = byAsset.get(code);
    byAsset.set(code, {
      precision: Math.max(known?.precision ?? 0, row.precision),
      isFiat: known?.isFiat ?? row.is_fiat,
    });
  }
  return byAsset;
}

interface Separators {
  group: Intl.NumberFormat;
  decimal: string;
}
const separators = new Map<string, Separators>();

function separatorsOf(locale: string): Separators {
  let known = separators.get(locale);
  if (!known) {
    const group = new Intl.NumberFormat(locale, { useGrouping: true });
    const decimal = group.formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
    known = { group, decimal };
    separators.set(locale, known);
  }
  return known;
}

const CANONICAL = /^(-?)(\d+)(?:\.(\d*))?$/;

/**
 * A decimal text at `places` (cut, never rounded), grouped for the locale; `fixed` keeps trailing
 * zeros up to `places`. Text that is not a plain decimal is returned as it is.
 */
export function formatDecimalAt(locale: string, value: string, places: number, fixed: boolean): string {
  const match = CANONICAL.exec(value.trim());
  if (!match) return value;
  const [, sign, whole = '0', fraction = ''] = match;
  let shown = fraction.slice(0, places);
  shown = fixed ? shown.padEnd(places, '0') : shown.replace(/0+$/, '');
  const { group, decimal } = separatorsOf(locale);
  // BigInt keeps an integer part of any length exact; Intl only places the group separators.
  const digits = group.format(BigInt(whole));
  // A value cut to zero is zero, not "-0".
  const negative = sign === '-' && /[1-9]/.test(whole + shown);
  return `${negative ? '-' : ''}${digits}${shown ? `${decimal}${shown}` : ''}`;
}

/** How an amount of `asset` (an asset code or a contract name such as "USDT-TRC20") is cut and padded. */
export function placesOf(
  catalogue: AmountCatalogue,
  asset: string | null | undefined,
): AssetPlaces | undefined {
  const code = assetOfContract(asset);
  if (!code) return undefined;
  return catalogue.get(code) ?? (QUOTES.has(code) ? QUOTE_PLACES : undefined);
}

/**
 * An amount for people to read: "300,000.00 TRY". `asset` is written after the number as given (an
 * asset or a contract name) unless `withCode` is false (a column beside names it); '—' for a
 * missing amount.
 */
export function formatAmount(
  locale: string,
  value: string | null | undefined,
  asset: string | null | undefined,
  catalogue: AmountCatalogue,
  withCode = true,
): string {
  if (value === null || value === undefined || value.trim() === '') return '—';
  const places = placesOf(catalogue, asset);
  const number = places
    ? formatDecimalAt(locale, value, places.precision, places.isFiat)
    : formatDecimalAt(locale, value, UNKNOWN_ASSET_PLACES, false);
  return asset && withCode ? `${number} ${asset}` : number;
}
