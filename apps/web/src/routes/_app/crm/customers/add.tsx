import { createFileRoute } from '@tanstack/react-router';
import { AddCustomerPage } from '../../../../features/crm/customers/add-customer-page.tsx';

export const Route = createFileRoute('/_app/crm/customers/add')({
  component: AddCustomerPage,
});
