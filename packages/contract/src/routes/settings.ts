// Generated from settings.ts by `npm run contract:routes`; do not edit.
// Plain strings, no zod: the web names an endpoint with these before its schemas load.

export const changePassword = {
  name: 'changePassword',
  method: 'POST',
  path: '/api/settings/password',
  access: 'read',
} as const;

export const getNotificationPreferences = {
  name: 'getNotificationPreferences',
  method: 'GET',
  path: '/api/settings/notifications',
  access: 'read',
} as const;

export const getProfile = {
  name: 'getProfile',
  method: 'GET',
  path: '/api/settings/profile',
  access: 'read',
} as const;

export const listSessions = {
  name: 'listSessions',
  method: 'GET',
  path: '/api/settings/sessions',
  access: 'read',
} as const;

export const revokeOtherSessions = {
  name: 'revokeOtherSessions',
  method: 'POST',
  path: '/api/settings/sessions/revoke-others',
  access: 'read',
} as const;

export const revokeSession = {
  name: 'revokeSession',
  method: 'POST',
  path: '/api/settings/sessions/revoke',
  access: 'read',
} as const;

export const updateNotificationPreferences = {
  name: 'updateNotificationPreferences',
  method: 'POST',
  path: '/api/settings/notifications',
  access: 'read',
} as const;

export const updatePreferences = {
  name: 'updatePreferences',
  method: 'POST',
  path: '/api/settings/preferences',
  access: 'read',
} as const;

export const updateProfile = {
  name: 'updateProfile',
  method: 'POST',
  path: '/api/settings/profile',
  access: 'read',
} as const;
