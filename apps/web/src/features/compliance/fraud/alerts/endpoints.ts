import * as fraudRoutes from '@backdesk/contract/routes/fraud';
import { fraudRef } from '../../../../lib/contract.ts';
import { blocklistEndpoints } from '../blocklist/endpoints.ts';
import { caseEndpoints } from '../cases/endpoints.ts';

/** The alerts' endpoints, and the blocklist's and cases' ones an alert calls, named without loading the contract. */
export const alertEndpoints = {
  list: fraudRef(fraudRoutes.listFraudAlerts),
  export: fraudRef(fraudRoutes.exportFraudAlerts),
  detail: fraudRef(fraudRoutes.getFraudAlert),
  move: fraudRef(fraudRoutes.moveFraudAlert),
  assign: fraudRef(fraudRoutes.assignFraudAlert),
  comment: fraudRef(fraudRoutes.commentFraudAlert),
  restrict: fraudRef(fraudRoutes.restrictFromFraudAlert),
  linked: fraudRef(fraudRoutes.getLinkedCustomers),
  bulk: fraudRef(fraudRoutes.bulkFraudAlerts),
  block: blocklistEndpoints.add,
  openCase: caseEndpoints.open,
};
