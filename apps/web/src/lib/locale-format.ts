import { type AmountIssue, MAX_DECIMALS } from '@backdesk/contract/rules';
import { dateTimeFormat, numberFormat } from './intl-cache.ts';

/**
 * Exact decimals and dates as the member reads and types them (en-US `1,234.56`, tr-TR `1.234,56`).
 * A decimal never passes through a float: digits are regrouped as text, so nothing is rounded.
 */

function separators(locale: string): { group: string; decimal: string } {
  const parts = numberFormat(locale).formatToParts(12345.6);
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
}

const CANONICAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** A canonical decimal string ("1234567.5") grouped for the locale ("1.234.567,5"); '—' when empty. */
export function formatDecimal(locale: string, value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const match = CANONICAL.exec(value.trim());
  if (!match) return value;
  const [, sign, whole = '0', fraction] = match;
  const { decimal } = separators(locale);
  // BigInt keeps an integer part of any length exact; Intl groups it.
  const grouped = numberFormat(locale).format(BigInt(whole));
  return `${sign}${grouped}${fraction ? `${decimal}${fraction}` : ''}`;
}

export type ParsedDecimal = { ok: true; value: string } | { ok: false; issue: AmountIssue };

/** Spaces of any width: some keyboards and copied figures group thousands with them. */
const SPACES = /[\s\u00a0\u202f]/g;

/**
 * Reads a decimal typed in the member's locale and returns its canonical text ("1.234,50" in tr →
 * "1234.5"); an empty text is `''`. Group separators must group by three, so a Turkish "1.5" is
 * refused instead of being read as fifteen; more decimal places than `decimals` are refused, never
 * rounded (the same issue the contract's amount rule raises).
 */
export function parseDecimal(text: string, locale: string, decimals = MAX_DECIMALS): ParsedDecimal {
  const { group, decimal } = separators(locale);
  const compact = text.replace(SPACES, '');
  if (compact === '') return { ok: true, value: '' };
  const negative = compact.startsWith('-');
  const unsigned = negative ? compact.slice(1) : compact;
  const [whole = '', fraction, extra] = unsigned.split(decimal);
  if (extra !== undefined || whole === '' || (fraction !== undefined && !/^\d+$/.test(fraction)))
    return { ok: false, issue: { code: 'not_a_number' } };
  const groups = whole.split(group);
  const grouped = groups.length > 1;
  if (
    !groups.every((g) => /^\d+$/.test(g)) ||
    (grouped && (groups[0]!.length > 3 || groups.slice(1).some((g) => g.length !== 3)))
  )
    return { ok: false, issue: { code: 'not_a_number' } };
  if (negative && /[1-9]/.test(unsigned)) return { ok: false, issue: { code: 'negative' } };
  const digits = groups.join('').replace(/^0+(?=\d)/, '');
  const places = (fraction ?? '').replace(/0+$/, '');
  if (places.length > decimals) return { ok: false, issue: { code: 'too_many_decimals', decimals } };
  return { ok: true, value: places ? `${digits}.${places}` : digits };
}

/**
 * An exact decimal percentage with the locale's sign and its place (en `2.5%`, tr `%2,5`): Intl
 * places the sign, the digits stay the exact text of formatDecimal.
 */
export function formatPercent(locale: string, value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const parts = numberFormat(locale, { style: 'percent' }).formatToParts(0);
  const digits = formatDecimal(locale, value);
  return parts
    .filter((p) => p.type !== 'integer' || p === parts.find((q) => q.type === 'integer'))
    .map((p) => (p.type === 'integer' ? digits : p.value))
    .join('');
}

/** A large estimated figure in words, rounded as an estimate should be (en "1.2 million", tr "1,2 milyon"). */
export const formatApproximate = (locale: string, value: number): string =>
  numberFormat(locale, {
    notation: 'compact',
    compactDisplay: 'long',
    maximumFractionDigits: 1,
  }).format(value);

/** Whether the locale writes the percent sign before the number (tr `%12,5`), for input adornments. */
export function percentSignFirst(locale: string): boolean {
  const parts = numberFormat(locale, { style: 'percent' }).formatToParts(0.5);
  return parts.findIndex((p) => p.type === 'percentSign') < parts.findIndex((p) => p.type === 'integer');
}

/** An example amount in the locale's own form, for placeholders and messages ("1,250.50"). */
export const decimalExample = (locale: string): string => formatDecimal(locale, '1250.50');

export const formatDateTime = (locale: string, iso: string | null | undefined): string =>
  iso ? dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '—';

export const formatDate = (locale: string, iso: string | null | undefined): string =>
  iso ? dateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso)) : '—';

/**
 * A calendar day (YYYY-MM-DD: a birth date, an expiry, a rate's first day) in the locale, the same
 * day in every time zone.
 */
export function formatDay(locale: string, day: string | null | undefined): string {
  if (!day) return '—';
  return dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day.slice(0, 10)}T00:00:00Z`),
  );
}
