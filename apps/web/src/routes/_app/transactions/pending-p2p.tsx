import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../components/data-list/list-search.ts';
import { PendingP2pPage } from '../../../features/transactions/p2p/pending-p2p-page.tsx';
import { TRADE_FILTERS, TRADE_SORTS } from '../../../features/transactions/search.ts';

export const Route = createFileRoute('/_app/transactions/pending-p2p')({
  validateSearch: listSearch({
    sortKeys: TRADE_SORTS,
    sort: 'created_at',
    dir: 'desc',
    filters: TRADE_FILTERS,
  }),
  component: PendingP2pRoute,
});

function PendingP2pRoute() {
  const navigate = Route.useNavigate();
  return (
    <PendingP2pPage
      search={Route.useSearch()}
      onSearch={(patch) => void navigate({ search: (prev) => ({ ...prev, ...patch }) })}
    />
  );
}
