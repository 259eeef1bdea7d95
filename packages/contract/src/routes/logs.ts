// Generated from access-logs.ts by `npm run contract:routes`; do not edit.
// Plain strings, no zod: the web names an endpoint with these before its schemas load.

export const countAccessLog = {
  name: 'countAccessLog',
  method: 'GET',
  path: '/api/logs/access/count',
  access: 'read',
} as const;

export const countAuditTrail = {
  name: 'countAuditTrail',
  method: 'GET',
  path: '/api/logs/audit/count',
  access: 'read',
} as const;

export const exportAccessLog = {
  name: 'exportAccessLog',
  method: 'GET',
  path: '/api/logs/access/export',
  access: 'exportPersonal',
} as const;

export const exportAuditTrail = {
  name: 'exportAuditTrail',
  method: 'GET',
  path: '/api/logs/audit/export',
  access: 'exportPersonal',
} as const;

export const getRetention = {
  name: 'getRetention',
  method: 'GET',
  path: '/api/logs/retention',
  access: 'read',
} as const;

export const listAccessLog = {
  name: 'listAccessLog',
  method: 'GET',
  path: '/api/logs/access',
  access: 'read',
} as const;

export const listAuditTrail = {
  name: 'listAuditTrail',
  method: 'GET',
  path: '/api/logs/audit',
  access: 'read',
} as const;

export const setRetention = {
  name: 'setRetention',
  method: 'POST',
  path: '/api/logs/retention',
  access: 'staff',
} as const;

export const verifyLog = {
  name: 'verifyLog',
  method: 'GET',
  path: '/api/logs/verify',
  access: 'read',
} as const;
