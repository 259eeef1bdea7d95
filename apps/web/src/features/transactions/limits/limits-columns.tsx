import type { TransactionLimit } from '@backdesk/contract';
import { Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { defineList } from '../../../components/list-page/index.ts';
import { useLanguage } from '../../../lib/language.ts';
import { formatDecimal } from '../../../lib/locale-format.ts';
import { limitsSource } from '../api/limits.ts';

function useLimitColumns(): DataTableColumn<TransactionLimit>[] {
  const { t } = useTranslation('transactions');
  const { locale } = useLanguage();
  const amount = (value: string | null) =>
    value === null ? t('limits.unbounded') : formatDecimal(locale, value);
  const bound = (field: 'min_amount' | 'max_amount' | 'daily_cap' | 'monthly_cap') => ({
    accessor: field,
    title: t(`fields.${field}`),
    sortable: true,
    textAlign: 'right' as const,
    noWrap: true,
    render: (limit: TransactionLimit) => amount(limit[field]),
  });
  return [
    { accessor: 'lid', title: t('fields.lid'), sortable: true },
    {
      accessor: 'limit_type',
      title: t('fields.limit_type'),
      sortable: true,
      render: (limit) =>
        t(`limitTypes.${limit.limit_type}` as 'limitTypes.deposit', { defaultValue: limit.limit_type }),
    },
    {
      accessor: 'contract_name',
      title: t('fields.contract_name'),
      sortable: true,
      render: (limit) => limit.contract_name ?? '—',
    },
    {
      accessor: 'wallet_address',
      title: t('fields.wallet_address'),
      render: (limit) => (
        <Text size="sm" truncate="end" maw={220} title={limit.wallet_address ?? undefined} ff="monospace">
          {limit.wallet_address ?? '—'}
        </Text>
      ),
    },
    { accessor: 'wallet_name', title: t('fields.wallet_name'), render: (limit) => limit.wallet_name ?? '—' },
    bound('min_amount'),
    bound('max_amount'),
    bound('daily_cap'),
    bound('monthly_cap'),
  ];
}

export const limitsList = defineList({
  key: 'transactions.limits',
  source: limitsSource,
  testId: 'limits-table',
  rowKey: 'lid',
  useColumns: useLimitColumns,
  rowAttributes: (limit) => ({ 'data-lid': limit.lid }),
});
