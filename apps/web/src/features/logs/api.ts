import { listSource } from '../../components/list-page/index.ts';
import { endpointRef } from '../../lib/contract.ts';

/** The access-log screen's endpoints, named without loading the contract (lib/contract.ts). */
export const logsEndpoints = {
  accessLog: endpointRef((c) => c.logsApi.listAccessLog, 'GET', '/api/logs/access', 'read'),
  countAccessLog: endpointRef((c) => c.logsApi.countAccessLog, 'GET', '/api/logs/access/count', 'read'),
  exportAccessLog: endpointRef(
    (c) => c.logsApi.exportAccessLog,
    'GET',
    '/api/logs/access/export',
    'exportPersonal',
  ),
  auditTrail: endpointRef((c) => c.logsApi.listAuditTrail, 'GET', '/api/logs/audit', 'read'),
  countAuditTrail: endpointRef((c) => c.logsApi.countAuditTrail, 'GET', '/api/logs/audit/count', 'read'),
  exportAuditTrail: endpointRef(
    (c) => c.logsApi.exportAuditTrail,
    'GET',
    '/api/logs/audit/export',
    'exportPersonal',
  ),
  verify: endpointRef((c) => c.logsApi.verifyLog, 'GET', '/api/logs/verify', 'read'),
  retention: endpointRef((c) => c.logsApi.getRetention, 'GET', '/api/logs/retention', 'read'),
  setRetention: endpointRef((c) => c.logsApi.setRetention, 'POST', '/api/logs/retention', 'staff'),
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
