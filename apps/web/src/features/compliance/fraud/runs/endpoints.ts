import { fraudRef } from '../../../../lib/contract.ts';

const BASE = '/api/compliance/fraud/runs';

/** Fraud check's runs, named without loading the contract. */
export const runEndpoints = {
  list: fraudRef((c) => c.listFraudRuns, 'GET', BASE, 'read'),
  detail: fraudRef((c) => c.getFraudRun, 'GET', `${BASE}/detail`, 'read'),
  cancel: fraudRef((c) => c.cancelFraudRun, 'POST', `${BASE}/cancel`, 'operate'),
};
