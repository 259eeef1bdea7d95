import { createFileRoute } from '@tanstack/react-router';
import { IntegrationPage } from '../../../../../features/settings/integrations/integration-page.tsx';

export const Route = createFileRoute('/_app/settings/integrations/$integrationId/')({
  component: IntegrationDetailRoute,
});

function IntegrationDetailRoute() {
  const { integrationId } = Route.useParams();
  return <IntegrationPage integrationId={integrationId} />;
}
