import { endpointRef } from '../../../lib/contract.ts';

/** Screening's endpoints, named without loading the contract. */
export const screeningEndpoints = {
  lists: endpointRef(
    (c) => c.fraudApi.listScreeningLists,
    'GET',
    '/api/compliance/fraud/screening/lists',
    'read',
  ),
  import: endpointRef(
    (c) => c.fraudApi.importScreeningList,
    'POST',
    '/api/compliance/fraud/screening/lists/import',
    'configure',
  ),
  settings: endpointRef(
    (c) => c.fraudApi.getScreeningSettings,
    'GET',
    '/api/compliance/fraud/screening/settings',
    'read',
  ),
  updateSettings: endpointRef(
    (c) => c.fraudApi.updateScreeningSettings,
    'POST',
    '/api/compliance/fraud/screening/settings',
    'configure',
  ),
  rescreen: endpointRef(
    (c) => c.fraudApi.rescreenCustomers,
    'POST',
    '/api/compliance/fraud/screening/rescreen',
    'configure',
  ),
  try: endpointRef((c) => c.fraudApi.tryScreeningName, 'GET', '/api/compliance/fraud/screening/try', 'read'),
  evidence: endpointRef(
    (c) => c.fraudApi.getScreeningEvidence,
    'GET',
    '/api/compliance/fraud/screening/evidence',
    'read',
  ),
};
