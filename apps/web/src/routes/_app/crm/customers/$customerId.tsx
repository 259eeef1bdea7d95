import { createFileRoute } from '@tanstack/react-router';
import { CustomerPage } from '../../../../features/crm/components/customer-page.tsx';

export const Route = createFileRoute('/_app/crm/customers/$customerId')({
  component: CustomerRoute,
});

function CustomerRoute() {
  const { customerId } = Route.useParams();
  return <CustomerPage customerId={Number(customerId)} />;
}
