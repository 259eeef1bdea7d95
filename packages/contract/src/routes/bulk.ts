// Generated from bulk.ts by `npm run contract:routes`; do not edit.
// Plain strings, no zod: the web names an endpoint with these before its schemas load.

export const getBulkSettings = {
  name: 'getBulkSettings',
  method: 'GET',
  path: '/api/settings/bulk',
  access: 'read',
} as const;

export const updateBulkSettings = {
  name: 'updateBulkSettings',
  method: 'POST',
  path: '/api/settings/bulk',
  access: 'configure',
} as const;
