import {
  WALLET_TX_SORT_KEYS,
  WALLET_TX_STATUSES,
  WALLET_TX_TYPES,
} from '@backdesk/contract/transactions/keys';
import { createFileRoute } from '@tanstack/react-router';
import { listRoute, listSearch } from '../../../components/list-page/list-search.ts';
import { WalletTransactionsPage } from '../../../features/transactions/wallet/wallet-transactions-page.tsx';

export const Route = createFileRoute('/_app/transactions/wallet-transactions')({
  ...listRoute(
    listSearch({
      sortKeys: WALLET_TX_SORT_KEYS,
      sort: 'created_at',
      dir: 'desc',
      filters: {
        type: WALLET_TX_TYPES,
        status: WALLET_TX_STATUSES,
        asset: 'text',
        network: 'text',
        customer: 'text',
        minAmount: 'text',
        maxAmount: 'text',
        from: 'text',
        to: 'text',
        hash: 'text',
        // The open detail drawer; the list leaves it out of its query (walletSource's `local`).
        id: 'text',
      },
    }),
    'transactions.wallet',
  ),
  component: WalletTransactionsPage,
});
