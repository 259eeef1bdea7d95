// Generated from integrations/index.ts by `npm run contract:routes`; do not edit.
// Plain strings, no zod: the web names an endpoint with these before its schemas load.

export const createIntegration = {
  name: 'createIntegration',
  method: 'POST',
  path: '/api/settings/integrations/create',
  access: 'integrations',
} as const;

export const createIntegrationKey = {
  name: 'createIntegrationKey',
  method: 'POST',
  path: '/api/settings/integrations/keys/create',
  access: 'integrations',
} as const;

export const disableIntegration = {
  name: 'disableIntegration',
  method: 'POST',
  path: '/api/settings/integrations/disable',
  access: 'integrations',
} as const;

export const enableIntegration = {
  name: 'enableIntegration',
  method: 'POST',
  path: '/api/settings/integrations/enable',
  access: 'integrations',
} as const;

export const getCallRetention = {
  name: 'getCallRetention',
  method: 'GET',
  path: '/api/settings/integrations/retention',
  access: 'integrations',
} as const;

export const listIntegrationCalls = {
  name: 'listIntegrationCalls',
  method: 'GET',
  path: '/api/settings/integrations/calls',
  access: 'integrations',
} as const;

export const listIntegrations = {
  name: 'listIntegrations',
  method: 'GET',
  path: '/api/settings/integrations',
  access: 'integrations',
} as const;

export const revokeIntegrationKey = {
  name: 'revokeIntegrationKey',
  method: 'POST',
  path: '/api/settings/integrations/keys/revoke',
  access: 'integrations',
} as const;

export const setCallRetention = {
  name: 'setCallRetention',
  method: 'POST',
  path: '/api/settings/integrations/retention',
  access: 'integrations',
} as const;

export const updateIntegration = {
  name: 'updateIntegration',
  method: 'POST',
  path: '/api/settings/integrations/update',
  access: 'integrations',
} as const;
