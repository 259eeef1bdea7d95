// Generated from dashboard.ts by `npm run contract:routes`; do not edit.
// Plain strings, no zod: the web names an endpoint with these before its schemas load.

export const getDashboardKpis = {
  name: 'getDashboardKpis',
  method: 'GET',
  path: '/api/dashboard/kpis',
  access: 'read',
} as const;
