import { createFileRoute } from '@tanstack/react-router';
import { listRoute, listSearch } from '../../../components/list-page/list-search.ts';
import { CommissionsPage } from '../../../features/transactions/commissions/commissions-page.tsx';

export const Route = createFileRoute('/_app/transactions/commissions')({
  ...listRoute(
    listSearch({
      sortKeys: ['id', 'operation', 'asset', 'customer_type'],
      sort: 'id',
      dir: 'asc',
    }),
    'transactions.commissions',
  ),
  component: CommissionsPage,
});
