import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api.ts';
import { integrationsRef } from '../../../lib/contract.ts';

/** The endpoints of Settings → Integrations (capability `integrations`, super only; R66). */
export const integrationsEndpoints = {
  list: integrationsRef((c) => c.listIntegrations, 'GET', '/api/settings/integrations', 'integrations'),
};

export const integrationsQuery = queryOptions({
  queryKey: ['integrations', 'list'] as const,
  queryFn: async () => (await callEndpoint(integrationsEndpoints.list)).items,
});
export const useIntegrations = () => useQuery(integrationsQuery);
