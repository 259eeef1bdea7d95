import * as fraudRoutes from '@backdesk/contract/routes/fraud';
import { fraudRef } from '../../../../lib/contract.ts';

/** The cases' endpoints, named without loading the contract. */
export const caseEndpoints = {
  list: fraudRef(fraudRoutes.listFraudCases),
  detail: fraudRef(fraudRoutes.getFraudCase),
  timeline: fraudRef(fraudRoutes.getFraudCaseTimeline),
  linked: fraudRef(fraudRoutes.getFraudCaseLinked),
  open: fraudRef(fraudRoutes.openFraudCase),
  attach: fraudRef(fraudRoutes.attachFraudCaseAlerts),
  detach: fraudRef(fraudRoutes.detachFraudCaseAlerts),
  update: fraudRef(fraudRoutes.updateFraudCase),
  comment: fraudRef(fraudRoutes.commentFraudCase),
  close: fraudRef(fraudRoutes.closeFraudCase),
  reopen: fraudRef(fraudRoutes.reopenFraudCase),
  report: fraudRef(fraudRoutes.draftFraudCaseReport),
  download: fraudRef(fraudRoutes.downloadFraudCaseReport),
};
