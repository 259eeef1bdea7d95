import type { CustomerType } from '@backdesk/contract';
import { DEFAULT_CUSTOMER_TYPE } from '@backdesk/contract/rules';
import { Badge, Group, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { defineList } from '../../../components/list-page/index.ts';
import { formatInteger } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.ts';
import { formatPercent } from '../../../lib/locale-format.ts';
import { customerTypesSource } from './customer-types-api.ts';

function useTierColumns(): DataTableColumn<CustomerType>[] {
  const { t } = useTranslation('crm');
  const { locale } = useLanguage();
  return [
    {
      accessor: 'name',
      title: t('types.name'),
      sortable: true,
      render: (tier) => (
        <Group gap="xs" wrap="nowrap">
          <Text fw={600} size="sm">
            {tier.name}
          </Text>
          {tier.code === DEFAULT_CUSTOMER_TYPE && (
            <Badge variant="light" size="sm" tt="none">
              {t('types.default')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      accessor: 'description',
      title: t('types.description'),
      noWrap: false,
      render: (tier) => (
        <Text size="sm" c="dimmed" lineClamp={2}>
          {tier.description}
        </Text>
      ),
    },
    { accessor: 'required_kyc_level', title: t('types.requiredKyc'), sortable: true, textAlign: 'right' },
    {
      accessor: 'commission_discount',
      title: t('types.discount'),
      sortable: true,
      textAlign: 'right',
      noWrap: true,
      render: (tier) => formatPercent(locale, tier.commission_discount),
    },
    {
      accessor: 'customers',
      title: t('types.customers'),
      sortable: true,
      textAlign: 'right',
      render: (tier) => <span data-testid="tier-count">{formatInteger(locale, tier.customers)}</span>,
    },
  ];
}

export const customerTypesList = defineList({
  key: 'crm.customer-types',
  source: customerTypesSource,
  testId: 'customer-types-list',
  rowKey: 'code',
  useColumns: useTierColumns,
  rowAttributes: (tier) => ({ 'data-testid': `tier-${tier.code}` }),
});
