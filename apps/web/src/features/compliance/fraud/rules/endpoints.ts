import { fraudRef } from '../../../../lib/contract.ts';

const BASE = '/api/compliance/fraud/rules';

/** The rules' endpoints, named without loading the contract. */
export const ruleEndpoints = {
  list: fraudRef((c) => c.listFraudRules, 'GET', BASE, 'read'),
  versions: fraudRef((c) => c.listFraudRuleVersions, 'GET', `${BASE}/versions`, 'read'),
  update: fraudRef((c) => c.updateFraudRule, 'POST', `${BASE}/update`, 'configure'),
  backtest: fraudRef((c) => c.backtestFraudRule, 'POST', `${BASE}/backtest`, 'configure'),
};
