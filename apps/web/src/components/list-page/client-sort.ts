const DECIMAL = /^(-?)0*(\d*?)(?:\.(\d*?)0*)?$/;

/**
 * Two exact decimal strings ("-12.50", "3") compared by their digits, never through a float: the
 * sign, then the whole part's length and digits, then the fraction's digits.
 */
export function compareDecimalText(a: string, b: string): number {
  const [, signA = '', wholeA = '', fractionA = ''] = DECIMAL.exec(a) ?? [];
  const [, signB = '', wholeB = '', fractionB = ''] = DECIMAL.exec(b) ?? [];
  // "-0" and "-0.00" are zero, which has no sign.
  const negativeA = signA === '-' && /[1-9]/.test(wholeA + fractionA);
  const negativeB = signB === '-' && /[1-9]/.test(wholeB + fractionB);
  if (negativeA !== negativeB) return negativeA ? -1 : 1;
  const places = Math.max(fractionA.length, fractionB.length);
  // Digit strings of one length compare as text the way their numbers do.
  const digitsA = wholeA + fractionA.padEnd(places, '0');
  const digitsB = wholeB + fractionB.padEnd(places, '0');
  const magnitude = wholeA.length - wholeB.length || (digitsA < digitsB ? -1 : digitsA > digitsB ? 1 : 0);
  return Math.sign(negativeA ? -magnitude : magnitude);
}

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/** Exact decimal strings compare as numbers ("2.5" > "2.25"), other text by the locale's collation. */
function compare(a: unknown, b: unknown, collator: Intl.Collator): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a);
  const y = String(b);
  if (DECIMAL_TEXT.test(x) && DECIMAL_TEXT.test(y)) return compareDecimalText(x, y);
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
