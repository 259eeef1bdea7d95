import { createFileRoute, Outlet } from '@tanstack/react-router';
import i18next from 'i18next';
import { ForbiddenPage } from '../../../../../components/forbidden-page.tsx';
import { integrationsEndpoints } from '../../../../../features/settings/integrations/integrations-api.ts';
import { useCan } from '../../../../../lib/can.ts';

/** An integration id is a positive whole number as written; anything else is a 404 (R5). */
const INTEGRATION_ID = /^[1-9]\d{0,9}$/;

export const Route = createFileRoute('/_app/settings/integrations/$integrationId')({
  params: {
    parse: ({ integrationId }) => {
      if (!INTEGRATION_ID.test(integrationId)) throw new Error(`Not an integration id: ${integrationId}`);
      return { integrationId: Number(integrationId) };
    },
    stringify: ({ integrationId }) => ({ integrationId: String(integrationId) }),
  },
  loader: () => i18next.loadNamespaces(['settings']),
  component: IntegrationRoute,
});

/** Super only (capability `integrations`), like the list. */
function IntegrationRoute() {
  const can = useCan();
  return can(integrationsEndpoints.list) ? <Outlet /> : <ForbiddenPage />;
}
