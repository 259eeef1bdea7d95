/** Date and time in the interface language (en-US / tr-TR). */
export const formatDateTime = (locale: string, iso: string | null | undefined): string =>
  iso
    ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
    : '—';

export const formatDate = (locale: string, iso: string | null | undefined): string =>
  iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso)) : '—';

/**
 * An exact decimal string grouped for reading ("1234567.5" → "1,234,567.5"), without ever passing
 * through a float: the digits are regrouped as text.
 */
export function formatDecimal(locale: string, value: string): string {
  const negative = value.startsWith('-');
  const [whole = '0', fraction] = value.replace('-', '').split('.');
  const parts = new Intl.NumberFormat(locale).formatToParts(1234.5);
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${negative ? '-' : ''}${grouped}${fraction ? decimal + fraction : ''}`;
}

export const fullName = (c: { alias_name: string | null; alias_surname: string | null; user_name: string }) =>
  [c.alias_name, c.alias_surname].filter(Boolean).join(' ') || c.user_name;
