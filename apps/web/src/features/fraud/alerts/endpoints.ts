import { endpointRef } from '../../../lib/contract.ts';
import { blocklistEndpoints } from '../blocklist/endpoints.ts';
import { caseEndpoints } from '../cases/endpoints.ts';

const BASE = '/api/compliance/fraud/alerts';

/** The alerts' endpoints, and the blocklist's and cases' ones an alert calls, named without loading the contract. */
export const alertEndpoints = {
  list: endpointRef((c) => c.fraudApi.listFraudAlerts, 'GET', BASE, 'read'),
  export: endpointRef((c) => c.fraudApi.exportFraudAlerts, 'GET', `${BASE}/export`, 'exportPersonal'),
  detail: endpointRef((c) => c.fraudApi.getFraudAlert, 'GET', `${BASE}/detail`, 'read'),
  move: endpointRef((c) => c.fraudApi.moveFraudAlert, 'POST', `${BASE}/move`, 'operate'),
  assign: endpointRef((c) => c.fraudApi.assignFraudAlert, 'POST', `${BASE}/assign`, 'operate'),
  comment: endpointRef((c) => c.fraudApi.commentFraudAlert, 'POST', `${BASE}/comment`, 'operate'),
  restrict: endpointRef((c) => c.fraudApi.restrictFromFraudAlert, 'POST', `${BASE}/restrict`, 'operate'),
  linked: endpointRef(
    (c) => c.fraudApi.getLinkedCustomers,
    'GET',
    '/api/compliance/fraud/customers/linked',
    'read',
  ),
  bulk: endpointRef((c) => c.fraudApi.bulkFraudAlerts, 'POST', `${BASE}/bulk`, 'operate'),
  block: blocklistEndpoints.add,
  openCase: caseEndpoints.open,
};
