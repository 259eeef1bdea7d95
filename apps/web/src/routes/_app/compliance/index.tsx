import { createFileRoute } from '@tanstack/react-router';
import i18next from 'i18next';
import { ComplianceOverviewPage } from '../../../features/compliance/overview/compliance-overview-page.tsx';

export const Route = createFileRoute('/_app/compliance/')({
  loader: () => i18next.loadNamespaces('compliance'),
  component: ComplianceOverviewPage,
});
