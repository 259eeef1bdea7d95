import { CUSTOMER_KYC_TYPES, KYC_SORT_KEYS } from '@backdesk/contract/crm/keys';
import { createFileRoute } from '@tanstack/react-router';
import { listRoute, listSearch } from '../../../../components/list-page/list-search.ts';
import { CustomerKycPage } from '../../../../features/crm/customer-kyc/customer-kyc-page.tsx';

export const Route = createFileRoute('/_app/crm/customers/kyc')({
  ...listRoute(
    listSearch({
      sortKeys: KYC_SORT_KEYS,
      sort: 'created_at',
      dir: 'desc',
      filters: {
        search: 'text',
        kyc_status: 'text',
        kyc_type: CUSTOMER_KYC_TYPES,
        kyc_level: ['0', '1', '2', '3'],
      },
    }),
    'crm.kyc',
  ),
  component: CustomerKycPage,
});
