import { createFileRoute } from '@tanstack/react-router';
import { CrmOverviewPage } from '../../../features/crm/overview/crm-overview-page.tsx';

export const Route = createFileRoute('/_app/crm/')({
  component: CrmOverviewPage,
});
