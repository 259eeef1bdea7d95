import { Decimal } from '@backdesk/contract/rules';

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Exact decimal strings compare as numbers ("2.5" > "2.25"), other text by the locale's collation. */
function compare(a: unknown, b: unknown, collator: Intl.Collator): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a);
  const y = String(b);
  if (DECIMAL.test(x) && DECIMAL.test(y)) return new Decimal(x).comparedTo(new Decimal(y));
  return collator.compare(x, y);
}

/**
 * Sorts a short list the server answered whole, by one field; empty values go last either way, so
 * "no maximum" never hides the real figures.
 */
export function sortRows<Row>(
  rows: readonly Row[],
  field: string,
  dir: 'asc' | 'desc',
  locale: string,
): Row[] {
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  const sign = dir === 'asc' ? 1 : -1;
  const value = (row: Row) => (row as Record<string, unknown>)[field];
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const xEmpty = x === null || x === undefined || x === '';
    const yEmpty = y === null || y === undefined || y === '';
    if (xEmpty || yEmpty) return xEmpty === yEmpty ? 0 : xEmpty ? 1 : -1;
    return sign * compare(x, y, collator);
  });
}
