import { createFileRoute } from '@tanstack/react-router';
import { CustomerTypesPage } from '../../../features/crm/components/customer-types-page.tsx';

export const Route = createFileRoute('/_app/crm/customer-types')({
  component: CustomerTypesPage,
});
