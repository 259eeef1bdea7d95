import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../components/data-list/list-search.ts';
import { WALLET_FILTERS, WALLET_SORTS } from '../../../features/transactions/search.ts';
import { WalletTransactionsPage } from '../../../features/transactions/wallet/wallet-transactions-page.tsx';

export const Route = createFileRoute('/_app/transactions/wallet-transactions')({
  validateSearch: listSearch({
    sortKeys: WALLET_SORTS,
    sort: 'created_at',
    dir: 'desc',
    filters: [...WALLET_FILTERS, 'id'],
  }),
  component: WalletTransactionsRoute,
});

function WalletTransactionsRoute() {
  const navigate = Route.useNavigate();
  return (
    <WalletTransactionsPage
      search={Route.useSearch()}
      onSearch={(patch) => void navigate({ search: (prev) => ({ ...prev, ...patch }) })}
    />
  );
}
