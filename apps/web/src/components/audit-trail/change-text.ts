import { RULE_AMOUNT_CURRENCY } from '@backdesk/contract/fraud/keys';
import type { TFunction } from 'i18next';
import { amountText } from '../../lib/amount-text.ts';
import { formatDateTime, formatDecimal } from '../../lib/locale-format.ts';

/**
 * Bookkeeping that changes with every edit and says nothing to the reader, and member ids the
 * entry already names (its member asked or decided).
 */
const HIDDEN_FIELDS = new Set(['version', 'updated_at', 'requested_by', 'decided_by']);

/** Amounts kept as exact decimal strings: shown grouped for the locale, never as floats. */
const DECIMAL_FIELDS = new Set([
  'min_amount',
  'max_amount',
  'daily_cap',
  'monthly_cap',
  'value',
  'min_fee',
  'max_fee',
  'amount',
  'fee',
  'commission_discount',
  'unit_price',
  'trade_amount',
  'total_price',
  'four_eyes_threshold',
]);

/**
 * Amounts counted in the record's own asset (a limit's contract, a rule's or a transfer's asset):
 * shown at its precision with its code, as the record's screen shows them. Prices and totals are in
 * the quote currency, which the record does not name, so they stay plain decimals.
 */
const ASSET_AMOUNT_FIELDS = new Set([
  'min_amount',
  'max_amount',
  'daily_cap',
  'monthly_cap',
  'amount',
  'fee',
  'min_fee',
  'max_fee',
  'value',
  'trade_amount',
]);

/** The asset a record's amounts are in, when it names one; a percent commission has none. */
function recordAsset(record: Record<string, unknown> | undefined, field: string): string | undefined {
  if (!record || (field === 'value' && record.kind !== 'flat')) return undefined;
  const asset = record.asset ?? record.contract_name ?? record.offer_contract_name;
  return typeof asset === 'string' && asset ? asset : undefined;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/** A record's number, not a quantity: "#2067", never grouped as "2,067". */
const isIdField = (field: string) => field === 'id' || field === 'ids' || /_ids?$/.test(field);

/** A member as the server names one it read back from an id (apps/server member-names.ts). */
const memberName = (value: object): string | undefined =>
  'display_name' in value && typeof value.display_name === 'string' ? value.display_name : undefined;

export interface ChangeRow {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** A field's name in the member's language; an unknown field reads as words rather than a key. */
export const fieldLabel = (t: TFunction<'audit'>, field: string): string =>
  t(`fields.${field}` as 'fields.status', {
    defaultValue: field.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase()),
  });

/**
 * One recorded value as text: translated where a translation exists, dates and amounts per locale.
 * `record` is the state the value belongs to, for what a field means beside its neighbours (the asset).
 */
export function valueText(
  t: TFunction<'audit'>,
  locale: string,
  field: string,
  value: unknown,
  record?: Record<string, unknown>,
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? t('yes') : t('no');
  if (typeof value === 'number')
    return isIdField(field) ? `#${value}` : new Intl.NumberFormat(locale).format(value);
  if (Array.isArray(value))
    return value.length ? value.map((item) => valueText(t, locale, field, item, record)).join(', ') : '—';
  if (typeof value === 'object' && memberName(value) !== undefined) return memberName(value)!;
  if (typeof value === 'object')
    return Object.entries(value)
      .map(
        ([key, item]) =>
          `${fieldLabel(t, key)}: ${valueText(t, locale, key, item, value as Record<string, unknown>)}`,
      )
      .join('; ');
  const text = String(value);
  if (field === 'entity') return t(`entities.${text}` as 'entities.customer', { defaultValue: text });
  // A rule's amount threshold is in TRY: it reads as the rule's own text writes it.
  if (field === 'minAmount') return amountText(locale, text, RULE_AMOUNT_CURRENCY);
  const asset = ASSET_AMOUNT_FIELDS.has(field) ? recordAsset(record, field) : undefined;
  if (asset) return amountText(locale, text, asset);
  if (DECIMAL_FIELDS.has(field)) return formatDecimal(locale, text);
  if (INSTANT.test(text) && !Number.isNaN(Date.parse(text))) return formatDateTime(locale, text);
  return t(`values.${field}.${text}` as 'values.status.active', { defaultValue: text });
}

/** Each changed field of an entry, before → after (a creation has no before, a deletion no after). */
export function changeRows(
  t: TFunction<'audit'>,
  locale: string,
  entry: { before: Record<string, unknown> | null; after: Record<string, unknown> | null },
): ChangeRow[] {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return fields
    .filter((field) => !HIDDEN_FIELDS.has(field))
    .map((field) => ({
      field,
      label: fieldLabel(t, field),
      before: entry.before ? valueText(t, locale, field, entry.before[field], entry.before) : '—',
      after: entry.after ? valueText(t, locale, field, entry.after[field], entry.after) : '—',
    }));
}
