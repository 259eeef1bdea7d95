import { TRADE_SORT_KEYS, TRADE_STATUSES } from '@backdesk/contract/transactions/keys';
import { createFileRoute } from '@tanstack/react-router';
import { listRoute, listSearch } from '../../../components/list-page/list-search.ts';
import { PendingP2pPage } from '../../../features/transactions/p2p/pending-p2p-page.tsx';

export const Route = createFileRoute('/_app/transactions/pending-p2p')({
  ...listRoute(
    listSearch({
      sortKeys: TRADE_SORT_KEYS,
      sort: 'created_at',
      dir: 'desc',
      filters: {
        seller: 'text',
        contract: 'text',
        status: TRADE_STATUSES,
        minAmount: 'text',
        maxAmount: 'text',
        guid: 'text',
      },
    }),
    'transactions.trades',
  ),
  component: PendingP2pPage,
});
