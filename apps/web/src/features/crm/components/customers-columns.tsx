import { CRM_MESSAGES, type Customer } from '@backdesk/contract';
import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  defineList,
  type ListFiltersProps,
  SelectFilter,
  TextFilter,
} from '../../../components/list-page/index.ts';
import { useLanguage } from '../../../lib/language.ts';
import { CustomerFetchError } from '../api/customers-response.ts';
import { crmEndpoints } from '../api/endpoints.ts';
import { customersSource, useCustomerFacets } from '../api/get-customers.ts';
import { formatDate } from '../format.ts';
import { CustomerLink } from './customer-link.tsx';
import { KycBadge, StatusBadge } from './status-badges.tsx';

/** Spec §8 texts by message, so the Turkish interface shows its own words for them. */
const ERROR_KEYS: Record<string, 'fetchFailed' | 'invalidResponse' | 'unexpected'> = {
  [CRM_MESSAGES.fetchFailed]: 'fetchFailed',
  [CRM_MESSAGES.invalidResponse]: 'invalidResponse',
  [CRM_MESSAGES.unexpected]: 'unexpected',
};

function CustomerFetchAlert({ error }: { error: unknown }) {
  const { t } = useTranslation('crm');
  const failure =
    error instanceof CustomerFetchError ? error : new CustomerFetchError(500, CRM_MESSAGES.unexpected);
  const key = ERROR_KEYS[failure.message];
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="customers-error">
      <Text size="sm">{key ? t(`customers.errors.${key}`) : failure.message}</Text>
      <Text size="xs" c="dimmed">
        {t('customers.errors.status', { status: failure.statusCode })}
      </Text>
    </Alert>
  );
}

/** Spec §5's four filters; "Clear filters" resets all four. */
function CustomerFilters({ search, setFilter }: ListFiltersProps) {
  const { t } = useTranslation('crm');
  const facets = useCustomerFacets();
  const any = t('customers.filters.any');
  return (
    <>
      <TextFilter
        name="search"
        label={t('customers.filters.search')}
        placeholder={t('customers.filters.searchPlaceholder')}
        search
        value={search.search}
        onChange={setFilter('search')}
        width={260}
        testId="filter-search"
      />
      <SelectFilter
        name="status"
        label={t('customers.filters.status')}
        placeholder={any}
        options={facets.data?.statuses ?? []}
        value={search.status}
        onChange={setFilter('status')}
        testId="filter-status"
      />
      <SelectFilter
        name="kyc_status"
        label={t('customers.filters.kycStatus')}
        placeholder={any}
        options={facets.data?.kycStatuses ?? []}
        value={search.kyc_status}
        onChange={setFilter('kyc_status')}
        testId="filter-kyc"
      />
      <SelectFilter
        name="role"
        label={t('customers.filters.role')}
        placeholder={any}
        options={facets.data?.roles ?? []}
        value={search.role}
        onChange={setFilter('role')}
        searchable
        width={170}
        testId="filter-role"
      />
    </>
  );
}

function useCustomerColumns() {
  const { t } = useTranslation('crm');
  const { locale } = useLanguage();
  return [
    {
      accessor: 'user_name',
      title: t('customers.columns.userName'),
      sortable: true,
      render: (c: Customer) => <CustomerLink id={c.id}>{c.user_name}</CustomerLink>,
    },
    { accessor: 'alias_name', title: t('customers.columns.name'), sortable: true },
    { accessor: 'alias_surname', title: t('customers.columns.surname'), sortable: true },
    { accessor: 'email', title: t('customers.columns.email'), sortable: true },
    { accessor: 'phone', title: t('customers.columns.phone'), sortable: true, noWrap: true },
    {
      accessor: 'status',
      title: t('customers.columns.status'),
      sortable: true,
      noWrap: true,
      render: (c: Customer) => <StatusBadge status={c.status} />,
    },
    {
      accessor: 'kyc_status',
      title: t('customers.columns.kycStatus'),
      sortable: true,
      noWrap: true,
      render: (c: Customer) => <KycBadge status={c.kyc_status} />,
    },
    {
      accessor: 'kyc_type_label',
      title: t('customers.columns.type'),
      render: (c: Customer) => t(c.kyc_type_label === 'Business' ? 'kycType.business' : 'kycType.individual'),
    },
    {
      accessor: 'roles',
      title: t('customers.columns.roles'),
      render: (c: Customer) => (
        <Text size="xs" c="dimmed">
          {c.roles.join(', ')}
        </Text>
      ),
    },
    { accessor: 'customer_type', title: t('customers.columns.tier'), sortable: true },
    {
      accessor: 'created_at',
      title: t('customers.columns.created'),
      sortable: true,
      noWrap: true,
      render: (c: Customer) => formatDate(locale, c.created_at),
    },
  ];
}

export const customersList = defineList({
  key: 'crm.customers',
  source: customersSource,
  testId: 'customers-list',
  rowKey: 'id',
  useColumns: useCustomerColumns,
  Filters: CustomerFilters,
  exportEndpoint: crmEndpoints.exportCustomers,
  describeError: (error) => <CustomerFetchAlert error={error} />,
});
