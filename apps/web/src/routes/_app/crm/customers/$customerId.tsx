import { createFileRoute } from '@tanstack/react-router';
import i18next from 'i18next';
import {
  CustomerAlertsGlance,
  CustomerAlertsTab,
} from '../../../../features/compliance/fraud/alerts/customer-alerts-tab.tsx';
import { CustomerKycTab } from '../../../../features/compliance/kyc/customer-kyc-tab.tsx';
import { CustomerPage } from '../../../../features/crm/customers/customer-page.tsx';
import { CustomerChecksTab } from '../../../../features/transactions/checks/customer-checks-tab.tsx';

/** A customer id is a positive whole number as written; "-5", "1e3" or "007x" are a 404 (R5). */
const CUSTOMER_ID = /^[1-9]\d{0,14}$/;

export const Route = createFileRoute('/_app/crm/customers/$customerId')({
  params: {
    parse: ({ customerId }) => {
      if (!CUSTOMER_ID.test(customerId)) throw new Error(`Not a customer id: ${customerId}`);
      return { customerId: Number(customerId) };
    },
    stringify: ({ customerId }) => ({ customerId: String(customerId) }),
  },
  // The customer and its history start loading with the page's code, not after its first render; its
  // texts too, so a direct load never draws a raw key before they arrive.
  loader: async ({ params, route }) => {
    const [, { prefetchCustomer }] = await Promise.all([
      (route.options.component as { preload?: () => Promise<void> } | undefined)?.preload?.(),
      import('../../../../features/crm/customers/get-customer.ts'),
      i18next.loadNamespaces(['crm', 'transactions']),
    ]);
    await prefetchCustomer(params.customerId);
  },
  component: CustomerRoute,
});

function CustomerRoute() {
  const { customerId } = Route.useParams();
  return (
    <CustomerPage
      customerId={customerId}
      KycTab={CustomerKycTab}
      AlertsTab={CustomerAlertsTab}
      AlertsGlance={CustomerAlertsGlance}
      ChecksTab={CustomerChecksTab}
    />
  );
}
