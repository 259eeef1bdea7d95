import { CRM_MESSAGES, type Customer } from '@backdesk/contract';
import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import {
  defineList,
  type ListFiltersProps,
  SelectFilter,
  TextFilter,
  useColumnKit,
} from '../../../components/list-page/index.ts';
import { StatusBadge, useValueLabel } from '../../../components/status-badges.tsx';
import { errorText } from '../../../lib/errors.ts';
import { customerIdentityColumns, KycStatusFilter, valueOptions } from '../shared/customer-list-parts.tsx';
import { crmEndpoints } from '../shared/endpoints.ts';
import { CustomerFetchError } from './customers-response.ts';
import { customersSource, useCustomerFacets } from './get-customers.ts';

function CustomerFetchAlert({ error }: { error: unknown }) {
  const { t } = useTranslation('crm');
  const failure =
    error instanceof CustomerFetchError
      ? error
      : new CustomerFetchError(500, CRM_MESSAGES.unexpected, 'unexpected');
  // R25's own cases in the member's language; a server refusal by its code (R9).
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="customers-error">
      <Text size="sm">
        {failure.apiError && failure.reason === 'refused'
          ? errorText(failure.apiError)
          : t(`customers.errors.${failure.reason === 'refused' ? 'fetchFailed' : failure.reason}`)}
      </Text>
      <Text size="xs" c="dimmed">
        {t('customers.errors.status', { status: failure.statusCode })}
      </Text>
    </Alert>
  );
}

/** docs/product-rules.md R10: the four filters; "Clear filters" resets all four. */
function CustomerFilters({ filter }: ListFiltersProps) {
  const { t } = useTranslation('crm');
  const facets = useCustomerFacets();
  const label = useValueLabel();
  return (
    <>
      <TextFilter
        {...filter('search')}
        label={t('customers.filters.search')}
        placeholder={t('customers.filters.searchPlaceholder')}
        search
        width={260}
        testId="filter-search"
      />
      <SelectFilter
        {...filter('status')}
        label={t('customers.filters.status')}
        options={valueOptions(facets.data?.statuses, (value) => label('status', value))}
        testId="filter-status"
      />
      <KycStatusFilter filter={filter} testId="filter-kyc" />
      <SelectFilter
        {...filter('role')}
        label={t('customers.filters.role')}
        options={valueOptions(facets.data?.roles, (value) => label('role', value))}
        searchable
        width={170}
        testId="filter-role"
      />
    </>
  );
}

function useCustomerColumns(): DataTableColumn<Customer>[] {
  const { t } = useTranslation('crm');
  const kit = useColumnKit();
  const label = useValueLabel();
  // At 1280 px every column but the hidden ones must fit, in Turkish too: long user names are cut.
  const identity = customerIdentityColumns<Customer>(t, 150);
  return [
    identity.userName,
    { accessor: 'alias_name', title: t('customers.columns.name'), sortable: true },
    { accessor: 'alias_surname', title: t('customers.columns.surname'), sortable: true },
    {
      accessor: 'email',
      title: t('customers.columns.email'),
      sortable: true,
      // Long addresses end in an ellipsis (the whole one is in the tooltip and on the customer page).
      width: 180,
      ellipsis: true,
      render: (c) => <span title={c.email ?? undefined}>{c.email}</span>,
    },
    { accessor: 'phone', title: t('customers.columns.phone'), sortable: true, noWrap: true },
    {
      accessor: 'status',
      title: t('customers.columns.status'),
      sortable: true,
      noWrap: true,
      render: (c) => <StatusBadge status={c.status} />,
    },
    identity.kycStatus,
    identity.kycType,
    {
      accessor: 'roles',
      title: t('customers.columns.roles'),
      render: (c) => (
        <Text size="xs" c="dimmed">
          {c.roles.map((role) => label('role', role)).join(', ')}
        </Text>
      ),
    },
    { accessor: 'customer_type', title: t('customers.columns.tier'), sortable: true },
    kit.date('created_at', t('customers.columns.created'), { sortable: true }),
  ];
}

export const customersList = defineList({
  key: 'crm.customers',
  source: customersSource,
  testId: 'customers-list',
  rowKey: 'id',
  useColumns: useCustomerColumns,
  hiddenByDefault: ['kyc_type_label', 'roles', 'customer_type'],
  Filters: CustomerFilters,
  exportEndpoint: crmEndpoints.exportCustomers,
  describeError: (error) => <CustomerFetchAlert error={error} />,
});
