import { RESTRICTION_FILTER_KEYS, RESTRICTION_SORT_KEYS } from '@backdesk/contract/crm/keys';
import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../../components/data-list/list-search.ts';
import { RestrictionsPage } from '../../../../features/crm/components/restrictions-page.tsx';

export const Route = createFileRoute('/_app/crm/customers/restrictions')({
  validateSearch: listSearch({
    sortKeys: RESTRICTION_SORT_KEYS,
    sort: 'created_at',
    dir: 'desc',
    filters: RESTRICTION_FILTER_KEYS,
  }),
  component: ListRoute,
});

function ListRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <RestrictionsPage
      search={search}
      onSearchChange={(patch) => void navigate({ search: (prev) => ({ ...prev, ...patch }) as typeof prev })}
    />
  );
}
