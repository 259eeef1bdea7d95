import { CRM_MESSAGES, CUSTOMER_FILTER_KEYS, type Customer, type CustomerFilters } from '@backdesk/contract';
import { Alert, Button, Group, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconAlertTriangle, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList, type DataListState } from '../../../components/data-list/index.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useLanguage } from '../../../lib/language.ts';
import { CustomerFetchError } from '../api/customers-response.ts';
import { crmEndpoints } from '../api/endpoints.ts';
import {
  type CustomersListQuery,
  useCustomerCount,
  useCustomerFacets,
  useCustomers,
} from '../api/get-customers.ts';
import { formatDate } from '../format.ts';
import { useCrmPermissions } from '../permissions.ts';
import { CustomerLink } from './customer-link.tsx';
import { MoveFilteredToTier } from './move-filtered-to-tier.tsx';
import { KycBadge, StatusBadge } from './status-badges.tsx';

export interface CustomersPageProps {
  search: CustomersListQuery;
  onSearchChange: (patch: Partial<CustomersListQuery>) => void;
}

/** Spec §8 texts by message, so the Turkish interface shows its own words for them. */
const ERROR_KEYS: Record<string, 'fetchFailed' | 'invalidResponse' | 'unexpected'> = {
  [CRM_MESSAGES.fetchFailed]: 'fetchFailed',
  [CRM_MESSAGES.invalidResponse]: 'invalidResponse',
  [CRM_MESSAGES.unexpected]: 'unexpected',
};

export function CustomersPage({ search, onSearchChange }: CustomersPageProps) {
  const { t } = useTranslation(['crm', 'common']);
  const { locale } = useLanguage();
  const navigate = useNavigate();
  const { canExport, canEditCustomerTypes } = useCrmPermissions();
  const customers = useCustomers(search);
  const facets = useCustomerFacets();
  const [text, setText] = useState(search.search ?? '');
  useEffect(() => setText(search.search ?? ''), [search.search]);
  const applySearch = useDebouncedCallback((value: string) => {
    onSearchChange({ search: value.trim() || undefined, cursor: undefined });
  }, 300);

  const setFilter = (key: keyof CustomerFilters, value: string | null) =>
    onSearchChange({ [key]: value || undefined, cursor: undefined });
  const filters: CustomerFilters = {
    search: search.search,
    status: search.status,
    kyc_status: search.kyc_status,
    role: search.role,
  };
  const count = useCustomerCount(filters);
  const filtersActive = CUSTOMER_FILTER_KEYS.some((key) => Boolean(search[key]));
  const error = customers.error instanceof CustomerFetchError ? customers.error : null;

  const columns: DataTableColumn<Customer>[] = [
    {
      accessor: 'user_name',
      title: t('customers.columns.userName'),
      sortable: true,
      render: (c) => <CustomerLink id={c.id}>{c.user_name}</CustomerLink>,
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
      render: (c) => <StatusBadge status={c.status} />,
    },
    {
      accessor: 'kyc_status',
      title: t('customers.columns.kycStatus'),
      sortable: true,
      noWrap: true,
      render: (c) => <KycBadge status={c.kyc_status} />,
    },
    {
      accessor: 'kyc_type_label',
      title: t('customers.columns.type'),
      render: (c) => t(c.kyc_type_label === 'Business' ? 'kycType.business' : 'kycType.individual'),
    },
    {
      accessor: 'roles',
      title: t('customers.columns.roles'),
      render: (c) => (
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
      render: (c) => formatDate(locale, c.created_at),
    },
  ];

  const option = (value: string) => ({ value, label: value });
  return (
    <>
      <PageHeader
        title={t('common:pages.customers')}
        description={t('customers.subtitle')}
        actions={
          <Group gap="sm">
            {canEditCustomerTypes && filtersActive && !error && (
              <MoveFilteredToTier filters={filters} total={count.data} />
            )}
            <Button component={Link} to="/crm/customers/add" leftSection={<IconUserPlus size={16} />}>
              {t('common:pages.addCustomer')}
            </Button>
          </Group>
        }
      />
      <DataList<Customer>
        testId="customers-list"
        records={error ? [] : customers.data?.users}
        columns={columns}
        idAccessor="id"
        fetching={customers.isFetching}
        total={error ? undefined : count.data}
        nextCursor={error ? null : customers.data?.nextCursor}
        prevCursor={error ? null : customers.data?.prevCursor}
        state={search as DataListState}
        onStateChange={(patch) => onSearchChange(patch as Partial<CustomersListQuery>)}
        filtersActive={filtersActive}
        onClearFilters={() => {
          setText('');
          onSearchChange({
            search: undefined,
            status: undefined,
            kyc_status: undefined,
            role: undefined,
            cursor: undefined,
          });
        }}
        exportLink={
          canExport
            ? {
                path: crmEndpoints.exportCustomers.path,
                query: { ...filters, sort: search.sort, dir: search.dir },
              }
            : undefined
        }
        emptyText={t('customers.empty')}
        onRowClick={(c) =>
          void navigate({ to: '/crm/customers/$customerId', params: { customerId: String(c.id) } })
        }
        error={
          error && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              data-testid="customers-error"
            >
              <Text size="sm">
                {ERROR_KEYS[error.message]
                  ? t(`customers.errors.${ERROR_KEYS[error.message]!}`)
                  : error.message}
              </Text>
              <Text size="xs" c="dimmed">
                {t('customers.errors.status', { status: error.statusCode })}
              </Text>
            </Alert>
          )
        }
        filters={
          <>
            <TextInput
              label={t('customers.filters.search')}
              placeholder={t('customers.filters.searchPlaceholder')}
              leftSection={<IconSearch size={16} />}
              value={text}
              onChange={(e) => {
                setText(e.currentTarget.value);
                applySearch(e.currentTarget.value);
              }}
              w={280}
              data-testid="filter-search"
            />
            <Select
              label={t('customers.filters.status')}
              placeholder={t('customers.filters.any')}
              data={(facets.data?.statuses ?? []).map(option)}
              value={search.status ?? null}
              onChange={(v) => setFilter('status', v)}
              clearable
              w={160}
              data-testid="filter-status"
            />
            <Select
              label={t('customers.filters.kycStatus')}
              placeholder={t('customers.filters.any')}
              data={(facets.data?.kycStatuses ?? []).map(option)}
              value={search.kyc_status ?? null}
              onChange={(v) => setFilter('kyc_status', v)}
              clearable
              w={160}
              data-testid="filter-kyc"
            />
            <Select
              label={t('customers.filters.role')}
              placeholder={t('customers.filters.any')}
              data={(facets.data?.roles ?? []).map(option)}
              value={search.role ?? null}
              onChange={(v) => setFilter('role', v)}
              clearable
              searchable
              w={170}
              data-testid="filter-role"
            />
          </>
        }
      />
    </>
  );
}
