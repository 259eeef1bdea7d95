import { createFileRoute } from '@tanstack/react-router';
import { useIntegration } from '../../../../../features/settings/integrations/integrations-api.ts';
import { WebhooksPage } from '../../../../../features/settings/webhooks/webhooks-page.tsx';

// The parent route ($integrationId/route.tsx) reads the id, loads the texts and lets only a super in.
export const Route = createFileRoute('/_app/settings/integrations/$integrationId/webhooks')({
  component: WebhooksRoute,
});

/** The page names its integration (from the list, which a super may read). */
function WebhooksRoute() {
  const { integrationId } = Route.useParams();
  const name = useIntegration(integrationId).data?.name;
  return <WebhooksPage integrationId={integrationId} integrationName={name} />;
}
