import type { CommissionRule } from '@backdesk/contract';
import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { defineList, useAmountColumnKit } from '../../../components/list-page/index.ts';
import { useAmount } from '../../../lib/amounts.ts';
import { formatPercent } from '../../../lib/locale-format.ts';
import { commissionsSource } from './commissions-api.ts';

function useRuleColumns(): DataTableColumn<CommissionRule>[] {
  const { t } = useTranslation('transactions');
  const kit = useAmountColumnKit();
  const { locale } = kit;
  const amount = useAmount();
  // The schedule's own cache entry, which the list reads too: rules name a type by code, staff by name.
  const types = useQuery(commissionsSource.pageOptions({})).data?.customerTypes ?? [];
  const typeName = (code: string) => types.find((type) => type.code === code)?.name ?? code;
  const any = (
    <Badge variant="outline" color="gray" tt="none">
      {t('commissions.any')}
    </Badge>
  );
  return [
    { accessor: 'id', title: '#', sortable: true },
    {
      accessor: 'operation',
      title: t('fields.operation'),
      sortable: true,
      render: (rule) => t(`operations.${rule.operation}`),
    },
    { accessor: 'asset', title: t('fields.asset'), sortable: true, render: (rule) => rule.asset ?? any },
    {
      accessor: 'customer_type',
      title: t('fields.customer_type'),
      sortable: true,
      render: (rule) => (rule.customer_type === null ? any : typeName(rule.customer_type)),
    },
    {
      accessor: 'value',
      title: t('fields.value'),
      textAlign: 'right',
      noWrap: true,
      render: (rule) =>
        rule.kind === 'percent' ? formatPercent(locale, rule.value) : amount(rule.value, rule.asset),
    },
    kit.amount('min_fee', t('fields.min_fee'), (rule) => rule.asset),
    kit.amount('max_fee', t('fields.max_fee'), (rule) => rule.asset),
  ];
}

export const commissionsList = defineList({
  key: 'transactions.commissions',
  source: commissionsSource,
  testId: 'commissions-table',
  rowKey: 'id',
  useColumns: useRuleColumns,
});
