import { endpointRef } from '../../../lib/contract.ts';

const BASE = '/api/compliance/fraud/runs';

/** Fraud check's runs, named without loading the contract. */
export const runEndpoints = {
  list: endpointRef((c) => c.fraudApi.listFraudRuns, 'GET', BASE, 'read'),
  detail: endpointRef((c) => c.fraudApi.getFraudRun, 'GET', `${BASE}/detail`, 'read'),
  cancel: endpointRef((c) => c.fraudApi.cancelFraudRun, 'POST', `${BASE}/cancel`, 'operate'),
};
