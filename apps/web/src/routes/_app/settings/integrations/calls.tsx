import {
  INTEGRATION_CALL_OUTCOMES,
  INTEGRATION_CALL_SORT_KEYS,
} from '@backdesk/contract/integrations/vocabulary';
import { createFileRoute } from '@tanstack/react-router';
import i18next from 'i18next';
import { ForbiddenPage } from '../../../../components/forbidden-page.tsx';
import { listRoute, listSearch } from '../../../../components/list-page/list-search.ts';
import { CallLogPage } from '../../../../features/settings/integrations/call-log-page.tsx';
import { integrationsEndpoints } from '../../../../features/settings/integrations/integrations-api.ts';
import { useCan } from '../../../../lib/can.ts';

const list = listRoute(
  listSearch({
    sortKeys: INTEGRATION_CALL_SORT_KEYS,
    sort: 'at',
    dir: 'desc',
    filters: {
      integration: 'text',
      route: 'text',
      outcome: INTEGRATION_CALL_OUTCOMES,
      from: 'text',
      to: 'text',
    },
  }),
  'settings.integration-calls',
);

export const Route = createFileRoute('/_app/settings/integrations/calls')({
  ...list,
  loader: async (context) => {
    await Promise.all([i18next.loadNamespaces(['settings']), list.loader(context)]);
  },
  component: CallLogRoute,
});

function CallLogRoute() {
  const can = useCan();
  return can(integrationsEndpoints.calls) ? <CallLogPage /> : <ForbiddenPage />;
}
