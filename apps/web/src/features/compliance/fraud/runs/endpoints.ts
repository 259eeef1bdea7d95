import * as fraudRoutes from '@backdesk/contract/routes/fraud';
import { fraudRef } from '../../../../lib/contract.ts';

/** Fraud check's runs, named without loading the contract. */
export const runEndpoints = {
  list: fraudRef(fraudRoutes.listFraudRuns),
  detail: fraudRef(fraudRoutes.getFraudRun),
  cancel: fraudRef(fraudRoutes.cancelFraudRun),
};
