import { ASSET_FILTER_KEYS, ASSET_SORT_KEYS } from '@backdesk/contract/crm/keys';
import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../components/data-list/list-search.ts';
import { UserAssetsPage } from '../../../features/crm/components/user-assets-page.tsx';

export const Route = createFileRoute('/_app/crm/user-assets')({
  validateSearch: listSearch({
    sortKeys: ASSET_SORT_KEYS,
    sort: 'available',
    dir: 'desc',
    filters: ASSET_FILTER_KEYS,
  }),
  component: ListRoute,
});

function ListRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <UserAssetsPage
      search={search}
      onSearchChange={(patch) => void navigate({ search: (prev) => ({ ...prev, ...patch }) as typeof prev })}
    />
  );
}
