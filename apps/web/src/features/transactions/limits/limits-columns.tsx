import type { TransactionLimit } from '@backdesk/contract';
import { LIMIT_AMOUNT_FIELDS } from '@backdesk/contract/rules';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { defineList, useColumnKit } from '../../../components/list-page/index.ts';
import { limitsSource } from '../api/limits.ts';

function useLimitColumns(): DataTableColumn<TransactionLimit>[] {
  const { t } = useTranslation('transactions');
  const kit = useColumnKit();
  // An empty bound is no bound at all.
  const bound = (field: (typeof LIMIT_AMOUNT_FIELDS)[number]) =>
    kit.amount<TransactionLimit>(field, t(`fields.${field}`), {
      sortable: true,
      empty: t('limits.unbounded'),
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
    kit.code('wallet_address', t('fields.wallet_address'), { width: 160 }),
    { accessor: 'wallet_name', title: t('fields.wallet_name'), render: (limit) => limit.wallet_name ?? '—' },
    ...LIMIT_AMOUNT_FIELDS.map(bound),
  ];
}

export const limitsList = defineList({
  key: 'transactions.limits',
  source: limitsSource,
  testId: 'limits-table',
  rowKey: 'lid',
  useColumns: useLimitColumns,
  // The bounds are what a limit is about; the wallet's name and the id fit on a wide screen only.
  hiddenByDefault: ['wallet_address', 'lid'],
  rowAttributes: (limit) => ({ 'data-lid': limit.lid }),
});
