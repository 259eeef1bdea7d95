import { createFileRoute } from '@tanstack/react-router';
import i18next from 'i18next';
import { ForbiddenPage } from '../../../../components/forbidden-page.tsx';
import { integrationsEndpoints } from '../../../../features/settings/integrations/integrations-api.ts';
import { IntegrationsPage } from '../../../../features/settings/integrations/integrations-page.tsx';
import { useCan } from '../../../../lib/can.ts';

export const Route = createFileRoute('/_app/settings/integrations/')({
  loader: () => i18next.loadNamespaces(['settings']),
  component: IntegrationsRoute,
});

/** Super only (capability `integrations`): anyone else gets the forbidden page, and no menu entry. */
function IntegrationsRoute() {
  const can = useCan();
  return can(integrationsEndpoints.list) ? <IntegrationsPage /> : <ForbiddenPage />;
}
