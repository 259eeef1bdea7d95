import { endpointRef } from '../../../lib/contract.ts';

const BASE = '/api/compliance/fraud/rules';

/** The rules' endpoints, named without loading the contract. */
export const ruleEndpoints = {
  list: endpointRef((c) => c.fraudApi.listFraudRules, 'GET', BASE, 'read'),
  versions: endpointRef((c) => c.fraudApi.listFraudRuleVersions, 'GET', `${BASE}/versions`, 'read'),
  update: endpointRef((c) => c.fraudApi.updateFraudRule, 'POST', `${BASE}/update`, 'configure'),
  backtest: endpointRef((c) => c.fraudApi.backtestFraudRule, 'POST', `${BASE}/backtest`, 'configure'),
};
