import DecimalJs from 'decimal.js';

/** Enough digits for sums of 18-decimal amounts (decimal.js's default 20 would round them). */
export const Decimal = DecimalJs.clone({ precision: 80 });
