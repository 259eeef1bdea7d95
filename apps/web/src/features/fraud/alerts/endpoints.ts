import { endpointRef } from '../../../lib/contract.ts';

/** The alerts' endpoints, and the blocklist's and cases' ones an alert calls, named without loading the contract. */
export const alertEndpoints = {
  list: endpointRef((c) => c.fraudApi.listFraudAlerts, 'GET', '/api/compliance/fraud/alerts', 'read'),
  export: endpointRef(
    (c) => c.fraudApi.exportFraudAlerts,
    'GET',
    '/api/compliance/fraud/alerts/export',
    'exportPersonal',
  ),
  detail: endpointRef((c) => c.fraudApi.getFraudAlert, 'GET', '/api/compliance/fraud/alerts/detail', 'read'),
  move: endpointRef((c) => c.fraudApi.moveFraudAlert, 'POST', '/api/compliance/fraud/alerts/move', 'operate'),
  assign: endpointRef(
    (c) => c.fraudApi.assignFraudAlert,
    'POST',
    '/api/compliance/fraud/alerts/assign',
    'operate',
  ),
  comment: endpointRef(
    (c) => c.fraudApi.commentFraudAlert,
    'POST',
    '/api/compliance/fraud/alerts/comment',
    'operate',
  ),
  restrict: endpointRef(
    (c) => c.fraudApi.restrictFromFraudAlert,
    'POST',
    '/api/compliance/fraud/alerts/restrict',
    'operate',
  ),
  linked: endpointRef(
    (c) => c.fraudApi.getLinkedCustomers,
    'GET',
    '/api/compliance/fraud/customers/linked',
    'read',
  ),
  bulk: endpointRef(
    (c) => c.fraudApi.bulkFraudAlerts,
    'POST',
    '/api/compliance/fraud/alerts/bulk',
    'operate',
  ),
  block: endpointRef(
    (c) => c.fraudApi.addBlocklistEntry,
    'POST',
    '/api/compliance/fraud/blocklist/add',
    'operate',
  ),
  openCase: endpointRef(
    (c) => c.fraudApi.openFraudCase,
    'POST',
    '/api/compliance/fraud/cases/open',
    'operate',
  ),
};
