// Generated from saved-views.ts by `npm run contract:routes`; do not edit.
// Plain strings, no zod: the web names an endpoint with these before its schemas load.

export const deleteSavedView = {
  name: 'deleteSavedView',
  method: 'POST',
  path: '/api/saved-views/delete',
  access: 'read',
} as const;

export const listSavedViews = {
  name: 'listSavedViews',
  method: 'GET',
  path: '/api/saved-views',
  access: 'read',
} as const;

export const saveView = {
  name: 'saveView',
  method: 'POST',
  path: '/api/saved-views/save',
  access: 'read',
} as const;
