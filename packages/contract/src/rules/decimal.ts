import DecimalJs from 'decimal.js';

/**
 * Decimal with room for exact products of two numeric(36,18) values (up to 72 digits): the
 * library's default of 20 significant digits would silently round a total.
 */
export const Decimal = DecimalJs.clone({
  precision: 100,
  rounding: DecimalJs.ROUND_HALF_UP,
  toExpPos: 100,
  toExpNeg: -100,
});
export type Decimal = InstanceType<typeof Decimal>;

/** Canonical text of an exact decimal: no exponent, no trailing zeros ("35.10" → "35.1"). */
export const decimalText = (value: Decimal): string => value.toFixed();
