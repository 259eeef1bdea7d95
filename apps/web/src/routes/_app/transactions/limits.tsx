import { createFileRoute } from '@tanstack/react-router';
import { listRoute, listSearch } from '../../../components/list-page/list-search.ts';
import { LimitsPage } from '../../../features/transactions/limits/limits-page.tsx';

export const Route = createFileRoute('/_app/transactions/limits')({
  ...listRoute(
    listSearch({
      sortKeys: [
        'lid',
        'limit_type',
        'contract_name',
        'min_amount',
        'max_amount',
        'daily_cap',
        'monthly_cap',
      ],
      sort: 'lid',
      dir: 'asc',
    }),
    'transactions.limits',
  ),
  component: LimitsPage,
});
