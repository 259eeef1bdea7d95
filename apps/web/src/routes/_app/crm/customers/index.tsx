import { CUSTOMER_FILTER_KEYS, CUSTOMER_SORT_KEYS } from '@backdesk/contract/crm/keys';
import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../../components/data-list/list-search.ts';
import { CustomersPage } from '../../../../features/crm/components/customers-page.tsx';

export const Route = createFileRoute('/_app/crm/customers/')({
  validateSearch: listSearch({
    sortKeys: CUSTOMER_SORT_KEYS,
    sort: 'created_at',
    dir: 'desc',
    filters: CUSTOMER_FILTER_KEYS,
  }),
  component: CustomersRoute,
});

function CustomersRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CustomersPage
      search={search}
      onSearchChange={(patch) => void navigate({ search: (prev) => ({ ...prev, ...patch }) as typeof prev })}
    />
  );
}
