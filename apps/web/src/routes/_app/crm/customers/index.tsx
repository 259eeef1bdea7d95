import { CUSTOMER_SORT_KEYS } from '@backdesk/contract/crm/keys';
import { createFileRoute } from '@tanstack/react-router';
import { listRoute, listSearch } from '../../../../components/list-page/list-search.ts';
import { CustomersPage } from '../../../../features/crm/customers/customers-page.tsx';

export const Route = createFileRoute('/_app/crm/customers/')({
  ...listRoute(
    listSearch({
      sortKeys: CUSTOMER_SORT_KEYS,
      sort: 'created_at',
      dir: 'desc',
      filters: { search: 'text', status: 'text', kyc_status: 'text', role: 'text' },
    }),
    'crm.customers',
  ),
  component: CustomersPage,
});
