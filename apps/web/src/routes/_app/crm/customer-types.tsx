import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

export const Route = createFileRoute('/_app/crm/customer-types')({
  component: () => <PlaceholderPage titleKey="customerTypes" />,
});
