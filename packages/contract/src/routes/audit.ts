// Generated from audit.ts by `npm run contract:routes`; do not edit.
// Plain strings, no zod: the web names an endpoint with these before its schemas load.

export const getAuditHistory = {
  name: 'getAuditHistory',
  method: 'GET',
  path: '/api/audit/history',
  access: 'read',
} as const;
