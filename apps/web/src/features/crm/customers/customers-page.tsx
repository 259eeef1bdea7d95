import type { CustomerFilters } from '@backdesk/contract';
import { Button, Group } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage, useListSearch } from '../../../components/list-page/index.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCan } from '../../../lib/can.ts';
import { crmEndpoints } from '../shared/endpoints.ts';
import { customersList } from './customers-columns.tsx';
import { customersSource } from './get-customers.ts';

// Offered only once the list is filtered, so it loads then: with its dialogs, the bulk kit and the tier
// picker it was ~35 KB of the ~375 KB fetched before the unfiltered list's first rows (decision 0028).
const MoveFilteredToTier = lazy(() =>
  import('./move-filtered-to-tier.tsx').then((module) => ({ default: module.MoveFilteredToTier })),
);

export function CustomersPage() {
  const { t } = useTranslation(['crm', 'common']);
  const navigate = useNavigate();
  // Stable: the list's table is drawn again only when what it shows changes (list-page.tsx).
  const openCustomer = useCallback(
    (c: { id: number }) => void navigate({ to: '/crm/customers/$customerId', params: { customerId: c.id } }),
    [navigate],
  );
  return (
    <>
      <PageHeader
        title={t('common:pages.customers')}
        description={t('customers.subtitle')}
        actions={
          <Group gap="sm">
            <MoveFilteredAction />
            <Button component={Link} to="/crm/customers/add" leftSection={<IconUserPlus size={16} />}>
              {t('common:pages.addCustomer')}
            </Button>
          </Group>
        }
      />
      <ListPage list={customersList} emptyText={t('customers.empty')} onRowOpen={openCustomer} />
    </>
  );
}

/**
 * "Move to tier" for the filtered customers. The list's queries are read here, not in the page: a
 * change of their state (even going stale) re-renders this button, not the page and its 50 rows.
 */
function MoveFilteredAction() {
  const can = useCan();
  const { search } = useListSearch();
  const filters = customersSource.filters(search) as CustomerFilters;
  const count = useQuery(customersSource.countOptions(search));
  const failed = useQuery(customersSource.pageOptions(search)).isError;
  if (!can(crmEndpoints.moveCustomers) || Object.keys(filters).length === 0 || failed) return null;
  return (
    <Suspense fallback={null}>
      <MoveFilteredToTier filters={filters} total={count.data} />
    </Suspense>
  );
}
