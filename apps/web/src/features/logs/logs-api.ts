import * as logsRoutes from '@backdesk/contract/routes/logs';
import { listSource } from '../../components/list-page/index.ts';
import { logsRef } from '../../lib/contract.ts';

/** The access-log screen's endpoints, named without loading the contract (lib/contract.ts). */
export const logsEndpoints = {
  accessLog: logsRef(logsRoutes.listAccessLog),
  countAccessLog: logsRef(logsRoutes.countAccessLog),
  exportAccessLog: logsRef(logsRoutes.exportAccessLog),
  auditTrail: logsRef(logsRoutes.listAuditTrail),
  countAuditTrail: logsRef(logsRoutes.countAuditTrail),
  exportAuditTrail: logsRef(logsRoutes.exportAuditTrail),
  verify: logsRef(logsRoutes.verifyLog),
  retention: logsRef(logsRoutes.getRetention),
  setRetention: logsRef(logsRoutes.setRetention),
};

// `tab` picks the list on the page: it is neither a filter nor part of the endpoint's query.
export const accessLogSource = listSource({
  endpoint: logsEndpoints.accessLog,
  queryKey: ['logs', 'access'],
  count: logsEndpoints.countAccessLog,
  local: ['tab'],
});
export const auditTrailSource = listSource({
  endpoint: logsEndpoints.auditTrail,
  queryKey: ['logs', 'audit'],
  count: logsEndpoints.countAuditTrail,
  local: ['tab'],
});
