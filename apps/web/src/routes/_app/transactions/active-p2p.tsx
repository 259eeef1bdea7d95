import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../components/data-list/list-search.ts';
import { ActiveP2pPage } from '../../../features/transactions/p2p/active-p2p-page.tsx';
import { OFFER_FILTERS, OFFER_SORTS } from '../../../features/transactions/search.ts';

export const Route = createFileRoute('/_app/transactions/active-p2p')({
  validateSearch: listSearch({
    sortKeys: OFFER_SORTS,
    sort: 'created_at',
    dir: 'desc',
    filters: OFFER_FILTERS,
  }),
  component: ActiveP2pRoute,
});

function ActiveP2pRoute() {
  const navigate = Route.useNavigate();
  return (
    <ActiveP2pPage
      search={Route.useSearch()}
      onSearch={(patch) => void navigate({ search: (prev) => ({ ...prev, ...patch }) })}
    />
  );
}
