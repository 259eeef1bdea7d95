/**
 * Intl formatters are costly to build (a list of 50 rows formats hundreds of cells per render), and
 * one per locale and options serves every call: they are built once and kept.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

const cached = <F>(cache: Map<string, F>, locale: string, options: object | undefined, make: () => F): F => {
  const key = `${locale}|${JSON.stringify(options ?? {})}`;
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
};

export const numberFormat = (locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat =>
  cached(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));

export const dateTimeFormat = (locale: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  cached(dateTimeFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
