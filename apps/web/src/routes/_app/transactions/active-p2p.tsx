import { OFFER_SORT_KEYS, OFFER_STATUSES } from '@backdesk/contract/transactions/keys';
import { createFileRoute } from '@tanstack/react-router';
import { listRoute, listSearch } from '../../../components/list-page/list-search.ts';
import { ActiveP2pPage } from '../../../features/transactions/p2p/active-p2p-page.tsx';

export const Route = createFileRoute('/_app/transactions/active-p2p')({
  ...listRoute(
    listSearch({
      sortKeys: OFFER_SORT_KEYS,
      sort: 'created_at',
      dir: 'desc',
      filters: { seller: 'text', contract: 'text', status: OFFER_STATUSES },
    }),
    'transactions.offers',
  ),
  component: ActiveP2pPage,
});
