import { endpointRef } from '../../../lib/contract.ts';

/** The rules' endpoints, named without loading the contract. */
export const ruleEndpoints = {
  list: endpointRef((c) => c.fraudApi.listFraudRules, 'GET', '/api/compliance/fraud/rules', 'read'),
  versions: endpointRef(
    (c) => c.fraudApi.listFraudRuleVersions,
    'GET',
    '/api/compliance/fraud/rules/versions',
    'read',
  ),
  update: endpointRef(
    (c) => c.fraudApi.updateFraudRule,
    'POST',
    '/api/compliance/fraud/rules/update',
    'configure',
  ),
  backtest: endpointRef(
    (c) => c.fraudApi.backtestFraudRule,
    'POST',
    '/api/compliance/fraud/rules/backtest',
    'configure',
  ),
};
