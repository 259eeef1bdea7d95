import { endpointRef } from '../../../lib/contract.ts';

/** Fraud check's runs, named without loading the contract. */
export const runEndpoints = {
  list: endpointRef((c) => c.fraudApi.listFraudRuns, 'GET', '/api/compliance/fraud/runs', 'read'),
  detail: endpointRef((c) => c.fraudApi.getFraudRun, 'GET', '/api/compliance/fraud/runs/detail', 'read'),
  cancel: endpointRef(
    (c) => c.fraudApi.cancelFraudRun,
    'POST',
    '/api/compliance/fraud/runs/cancel',
    'operate',
  ),
};
