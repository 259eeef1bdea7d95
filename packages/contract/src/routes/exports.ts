// Generated from exports.ts by `npm run contract:routes`; do not edit.
// Plain strings, no zod: the web names an endpoint with these before its schemas load.

export const downloadExport = {
  name: 'downloadExport',
  method: 'GET',
  path: '/api/exports/download',
  access: 'read',
} as const;

export const listExports = {
  name: 'listExports',
  method: 'GET',
  path: '/api/exports',
  access: 'read',
} as const;
