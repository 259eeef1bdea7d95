import { listSource } from '../../components/list-page/index.ts';
import { logsRef } from '../../lib/contract.ts';

/** The access-log screen's endpoints, named without loading the contract (lib/contract.ts). */
export const logsEndpoints = {
  accessLog: logsRef((c) => c.listAccessLog, 'GET', '/api/logs/access', 'read'),
  countAccessLog: logsRef((c) => c.countAccessLog, 'GET', '/api/logs/access/count', 'read'),
  exportAccessLog: logsRef((c) => c.exportAccessLog, 'GET', '/api/logs/access/export', 'exportPersonal'),
  auditTrail: logsRef((c) => c.listAuditTrail, 'GET', '/api/logs/audit', 'read'),
  countAuditTrail: logsRef((c) => c.countAuditTrail, 'GET', '/api/logs/audit/count', 'read'),
  exportAuditTrail: logsRef((c) => c.exportAuditTrail, 'GET', '/api/logs/audit/export', 'exportPersonal'),
  verify: logsRef((c) => c.verifyLog, 'GET', '/api/logs/verify', 'read'),
  retention: logsRef((c) => c.getRetention, 'GET', '/api/logs/retention', 'read'),
  setRetention: logsRef((c) => c.setRetention, 'POST', '/api/logs/retention', 'staff'),
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
