/**
 * Formats an exact decimal string for the locale without ever making it a float: the integer part
 * goes through Intl as a BigInt (exact at any size), the fraction is kept digit for digit.
 */
export function formatDecimal(locale: string, value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign, whole, fraction] = match;
  const separator =
    new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  const grouped = new Intl.NumberFormat(locale).format(BigInt(whole!));
  return `${sign}${grouped}${fraction ? `${separator}${fraction}` : ''}`;
}

export const formatDateTime = (locale: string, iso: string): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
