import * as fraudRoutes from '@backdesk/contract/routes/fraud';
import { fraudRef } from '../../../../lib/contract.ts';

/** The rules' endpoints, named without loading the contract. */
export const ruleEndpoints = {
  list: fraudRef(fraudRoutes.listFraudRules),
  versions: fraudRef(fraudRoutes.listFraudRuleVersions),
  update: fraudRef(fraudRoutes.updateFraudRule),
  backtest: fraudRef(fraudRoutes.backtestFraudRule),
};
