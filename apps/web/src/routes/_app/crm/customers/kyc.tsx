import { KYC_FILTER_KEYS, KYC_SORT_KEYS } from '@backdesk/contract/crm/keys';
import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../../components/data-list/list-search.ts';
import { CustomerKycPage } from '../../../../features/crm/components/customer-kyc-page.tsx';

export const Route = createFileRoute('/_app/crm/customers/kyc')({
  validateSearch: listSearch({
    sortKeys: KYC_SORT_KEYS,
    sort: 'created_at',
    dir: 'desc',
    filters: KYC_FILTER_KEYS,
  }),
  component: ListRoute,
});

function ListRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CustomerKycPage
      search={search}
      onSearchChange={(patch) => void navigate({ search: (prev) => ({ ...prev, ...patch }) as typeof prev })}
    />
  );
}
