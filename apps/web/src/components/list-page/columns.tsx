import { Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useAmount } from '../../lib/amounts.ts';
import { useLanguage } from '../../lib/language.ts';
import { formatDate, formatDateTime } from '../../lib/locale-format.ts';

/** The keys of `T` whose values are `V`: a builder only reads a field of the kind it shows. */
type FieldOf<T, V> = { [K in keyof T]-?: T[K] extends V ? K : never }[keyof T] & string;
type TextField<T> = FieldOf<T, string | null | undefined>;
/** An amount column's asset: one for every row ("TRY" prices) or each row's own (its asset or contract). */
export type AmountAsset<T> = string | ((row: T) => string | null | undefined);

interface ColumnOptions {
  sortable?: boolean;
  /** Shown instead of '—' when the value is empty ("No limit", "Open-ended"). */
  empty?: string;
}

const shown = (text: string | null | undefined, options: ColumnOptions, format: (v: string) => string) =>
  text === null || text === undefined || text === '' ? (options.empty ?? '—') : format(text);

/**
 * Column builders bound to the member's locale, for what lists show alike: exact amounts
 * (right-aligned, grouped for the locale, never through a float), instants and days, and long codes
 * (hashes, addresses) cut short in monospace with the whole value on hover.
 */
export function useColumnKit() {
  const { locale } = useLanguage();
  return {
    locale,
    /** An instant; `narrow` wraps it onto two lines (the time under the date) where a list is tight. */
    dateTime<T>(
      accessor: TextField<T>,
      title: string,
      options: ColumnOptions & { narrow?: boolean } = {},
    ): DataTableColumn<T> {
      return {
        accessor,
        title,
        sortable: options.sortable,
        ...(options.narrow ? { noWrap: false, width: 116 } : { noWrap: true }),
        render: (row) => shown(row[accessor] as string | null, options, (v) => formatDateTime(locale, v)),
      };
    },
    date<T>(accessor: TextField<T>, title: string, options: ColumnOptions = {}): DataTableColumn<T> {
      return {
        accessor,
        title,
        sortable: options.sortable,
        noWrap: true,
        render: (row) => shown(row[accessor] as string | null, options, (v) => formatDate(locale, v)),
      };
    },
    /** Text cut at `width` with an ellipsis, the whole value on hover (user names, e-mails). */
    clipped<T>(
      accessor: TextField<T>,
      title: string,
      options: ColumnOptions & { width: number },
    ): DataTableColumn<T> {
      return {
        accessor,
        title,
        sortable: options.sortable,
        width: options.width,
        ellipsis: true,
        render: (row) => {
          const value = (row[accessor] as string | null | undefined) ?? undefined;
          return <span title={value}>{value ?? options.empty ?? '—'}</span>;
        },
      };
    },
    code<T>(
      accessor: TextField<T>,
      title: string,
      options: ColumnOptions & { width: number; size?: 'xs' | 'sm' },
    ): DataTableColumn<T> {
      return {
        accessor,
        title,
        sortable: options.sortable,
        render: (row) => {
          const value = (row[accessor] as string | null | undefined) ?? undefined;
          return (
            <Text size={options.size ?? 'sm'} ff="monospace" truncate="end" maw={options.width} title={value}>
              {value ?? options.empty ?? '—'}
            </Text>
          );
        },
      };
    },
  };
}

/**
 * The column kit with amount columns. Apart, because an amount needs the asset catalogue (its
 * precision), and reading it fetches the transactions' schemas and decimal.js (~19 KB): a list without
 * amounts, such as the customers', has its rows drawn without them (decision 0028).
 */
export function useAmountColumnKit() {
  const kit = useColumnKit();
  const formatAmount = useAmount();
  return {
    ...kit,
    /** An amount at its asset's precision with the asset after it (lib/amounts.ts). */
    amount<T>(
      accessor: TextField<T>,
      title: string,
      asset: AmountAsset<T>,
      options: ColumnOptions & {
        strong?: boolean;
        /** false: the asset sets the precision but is not written (a column beside names it). */
        code?: false;
      } = {},
    ): DataTableColumn<T> {
      return {
        accessor,
        title,
        sortable: options.sortable,
        textAlign: 'right',
        noWrap: true,
        render: (row) => {
          const code = typeof asset === 'string' ? asset : asset(row);
          const text = shown(row[accessor] as string | null, options, (v) =>
            formatAmount(v, code, options.code !== false),
          );
          return options.strong ? (
            <Text size="sm" fw={600}>
              {text}
            </Text>
          ) : (
            text
          );
        },
      };
    },
  };
}
