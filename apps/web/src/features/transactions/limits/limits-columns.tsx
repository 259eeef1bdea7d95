import type { TransactionLimit } from '@backdesk/contract';
import { LIMIT_AMOUNT_FIELDS } from '@backdesk/contract/rules';
import { Stack, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { defineList, useAmountColumnKit } from '../../../components/list-page/index.ts';
import { limitsSource } from './limits-api.ts';

/** An address's first six and last four characters: enough to tell two apart at a glance. */
const addressEnds = (address: string) =>
  address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;

function useLimitColumns(): DataTableColumn<TransactionLimit>[] {
  const { t } = useTranslation('transactions');
  const kit = useAmountColumnKit();
  // An empty bound is no bound at all.
  const bound = (field: (typeof LIMIT_AMOUNT_FIELDS)[number]) =>
    kit.amount<TransactionLimit>(field, t(`fields.${field}`), (limit) => limit.contract_name, {
      sortable: true,
      empty: t('limits.unbounded'),
      // The contract column beside names the asset: four bounds repeating it did not fit 1280 px.
      code: false,
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
    {
      accessor: 'wallet_name',
      title: t('fields.wallet_name'),
      // Two limits on wallets of one name differ by address: its ends tell them apart.
      render: (limit) => (
        <Stack gap={0}>
          <Text size="sm">{limit.wallet_name ?? '—'}</Text>
          {limit.wallet_address && (
            <Text size="xs" c="dimmed" ff="monospace" title={limit.wallet_address}>
              {addressEnds(limit.wallet_address)}
            </Text>
          )}
        </Stack>
      ),
    },
    ...LIMIT_AMOUNT_FIELDS.map(bound),
  ];
}

export const limitsList = defineList({
  key: 'transactions.limits',
  source: limitsSource,
  testId: 'limits-table',
  rowKey: 'lid',
  useColumns: useLimitColumns,
  // The bounds are what a limit is about; the id and the whole address fit on a wide screen only
  // (the wallet column shows the address's ends, enough to tell two wallets of one name apart).
  hiddenByDefault: ['wallet_address', 'lid'],
  rowAttributes: (limit) => ({ 'data-lid': limit.lid }),
});
