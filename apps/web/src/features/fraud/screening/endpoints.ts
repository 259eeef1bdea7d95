import { endpointRef } from '../../../lib/contract.ts';

const BASE = '/api/compliance/fraud/screening';

/** Screening's endpoints, named without loading the contract. */
export const screeningEndpoints = {
  lists: endpointRef((c) => c.fraudApi.listScreeningLists, 'GET', `${BASE}/lists`, 'read'),
  import: endpointRef((c) => c.fraudApi.importScreeningList, 'POST', `${BASE}/lists/import`, 'configure'),
  settings: endpointRef((c) => c.fraudApi.getScreeningSettings, 'GET', `${BASE}/settings`, 'read'),
  updateSettings: endpointRef(
    (c) => c.fraudApi.updateScreeningSettings,
    'POST',
    `${BASE}/settings`,
    'configure',
  ),
  rescreen: endpointRef((c) => c.fraudApi.rescreenCustomers, 'POST', `${BASE}/rescreen`, 'configure'),
  try: endpointRef((c) => c.fraudApi.tryScreeningName, 'GET', `${BASE}/try`, 'read'),
  evidence: endpointRef((c) => c.fraudApi.getScreeningEvidence, 'GET', `${BASE}/evidence`, 'read'),
};
