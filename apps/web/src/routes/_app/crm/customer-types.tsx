import { createFileRoute } from '@tanstack/react-router';
import { listRoute, listSearch } from '../../../components/list-page/list-search.ts';
import { CustomerTypesPage } from '../../../features/crm/customer-types/customer-types-page.tsx';

export const Route = createFileRoute('/_app/crm/customer-types')({
  ...listRoute(
    listSearch({
      // The tiers' own order (rank) unless a column is sorted.
      sortKeys: ['rank', 'name', 'required_kyc_level', 'commission_discount', 'customers'],
      sort: 'rank',
      dir: 'asc',
    }),
    'crm.customer-types',
  ),
  component: CustomerTypesPage,
});
