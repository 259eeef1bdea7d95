import { fraudRef } from '../../../../lib/contract.ts';

const BASE = '/api/compliance/fraud/screening';

/** Screening's endpoints, named without loading the contract. */
export const screeningEndpoints = {
  lists: fraudRef((c) => c.listScreeningLists, 'GET', `${BASE}/lists`, 'read'),
  import: fraudRef((c) => c.importScreeningList, 'POST', `${BASE}/lists/import`, 'configure'),
  settings: fraudRef((c) => c.getScreeningSettings, 'GET', `${BASE}/settings`, 'read'),
  updateSettings: fraudRef((c) => c.updateScreeningSettings, 'POST', `${BASE}/settings`, 'configure'),
  rescreen: fraudRef((c) => c.rescreenCustomers, 'POST', `${BASE}/rescreen`, 'configure'),
  try: fraudRef((c) => c.tryScreeningName, 'GET', `${BASE}/try`, 'read'),
  evidence: fraudRef((c) => c.getScreeningEvidence, 'GET', `${BASE}/evidence`, 'read'),
};
