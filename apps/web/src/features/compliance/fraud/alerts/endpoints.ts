import { fraudRef } from '../../../../lib/contract.ts';
import { blocklistEndpoints } from '../blocklist/endpoints.ts';
import { caseEndpoints } from '../cases/endpoints.ts';

const BASE = '/api/compliance/fraud/alerts';

/** The alerts' endpoints, and the blocklist's and cases' ones an alert calls, named without loading the contract. */
export const alertEndpoints = {
  list: fraudRef((c) => c.listFraudAlerts, 'GET', BASE, 'read'),
  export: fraudRef((c) => c.exportFraudAlerts, 'GET', `${BASE}/export`, 'exportPersonal'),
  detail: fraudRef((c) => c.getFraudAlert, 'GET', `${BASE}/detail`, 'read'),
  move: fraudRef((c) => c.moveFraudAlert, 'POST', `${BASE}/move`, 'operate'),
  assign: fraudRef((c) => c.assignFraudAlert, 'POST', `${BASE}/assign`, 'operate'),
  comment: fraudRef((c) => c.commentFraudAlert, 'POST', `${BASE}/comment`, 'operate'),
  restrict: fraudRef((c) => c.restrictFromFraudAlert, 'POST', `${BASE}/restrict`, 'operate'),
  linked: fraudRef((c) => c.getLinkedCustomers, 'GET', '/api/compliance/fraud/customers/linked', 'read'),
  bulk: fraudRef((c) => c.bulkFraudAlerts, 'POST', `${BASE}/bulk`, 'operate'),
  block: blocklistEndpoints.add,
  openCase: caseEndpoints.open,
};
