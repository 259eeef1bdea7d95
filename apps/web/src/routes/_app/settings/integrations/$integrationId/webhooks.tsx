import { createFileRoute } from '@tanstack/react-router';
import i18next from 'i18next';
import { ForbiddenPage } from '../../../../../components/forbidden-page.tsx';
import { useIntegrations } from '../../../../../features/settings/integrations/integrations-api.ts';
import { webhooksEndpoints } from '../../../../../features/settings/webhooks/webhooks-api.ts';
import { WebhooksPage } from '../../../../../features/settings/webhooks/webhooks-page.tsx';
import { useCan } from '../../../../../lib/can.ts';

/** An integration id is a positive whole number as written; anything else is a 404. */
const INTEGRATION_ID = /^[1-9]\d{0,9}$/;

export const Route = createFileRoute('/_app/settings/integrations/$integrationId/webhooks')({
  params: {
    parse: ({ integrationId }) => {
      if (!INTEGRATION_ID.test(integrationId)) throw new Error(`Not an integration id: ${integrationId}`);
      return { integrationId: Number(integrationId) };
    },
    stringify: ({ integrationId }) => ({ integrationId: String(integrationId) }),
  },
  loader: () => i18next.loadNamespaces(['settings']),
  component: WebhooksRoute,
});

/** Super only (capability `integrations`), like the list: anyone else gets the forbidden page. */
function WebhooksRoute() {
  const can = useCan();
  return can(webhooksEndpoints.list) ? <SuperWebhooks /> : <ForbiddenPage />;
}

/** The page names its integration (from the list, which a super may read). */
function SuperWebhooks() {
  const { integrationId } = Route.useParams();
  const name = useIntegrations().data?.find((i) => i.id === integrationId)?.name;
  return <WebhooksPage integrationId={integrationId} integrationName={name} />;
}
