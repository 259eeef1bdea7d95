import { type AmountCatalogue, amountCatalogue, formatAmount } from '@backdesk/contract/rules';

/**
 * The asset catalogue last read (lib/amounts.ts keeps it current), for texts made outside a
 * component (an error's sentence). Kept apart from the query so the sign-in page does not load it.
 */
let known: AmountCatalogue = new Map();
let knownRows: object | undefined;

/** Takes the catalogue's rows as they came; the same rows give the same catalogue object. */
export function rememberCatalogue(rows: Parameters<typeof amountCatalogue>[0]): AmountCatalogue {
  if (rows !== knownRows) {
    known = amountCatalogue(rows);
    knownRows = rows;
  }
  return known;
}

/**
 * An amount as every screen shows it ("300,000.00 TRY"): packages/contract's formatAmount with the
 * catalogue. An asset the catalogue does not list (or before it has come) reads exactly, at most 8 places.
 */
export const amountText = (
  locale: string,
  value: string | null | undefined,
  asset: string | null | undefined,
) => formatAmount(locale, value, asset, known);
