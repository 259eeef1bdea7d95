// Generated from integrations/webhooks.ts by `npm run contract:routes`; do not edit.
// Plain strings, no zod: the web names an endpoint with these before its schemas load.

export const createWebhookEndpoint = {
  name: 'createWebhookEndpoint',
  method: 'POST',
  path: '/api/settings/integrations/webhooks/create',
  access: 'integrations',
} as const;

export const deleteWebhookEndpoint = {
  name: 'deleteWebhookEndpoint',
  method: 'POST',
  path: '/api/settings/integrations/webhooks/delete',
  access: 'integrations',
} as const;

export const listWebhookAttempts = {
  name: 'listWebhookAttempts',
  method: 'GET',
  path: '/api/settings/integrations/webhooks/attempts',
  access: 'integrations',
} as const;

export const listWebhookDeliveries = {
  name: 'listWebhookDeliveries',
  method: 'GET',
  path: '/api/settings/integrations/webhooks/deliveries',
  access: 'integrations',
} as const;

export const listWebhookEndpoints = {
  name: 'listWebhookEndpoints',
  method: 'GET',
  path: '/api/settings/integrations/webhooks',
  access: 'integrations',
} as const;

export const pauseWebhookEndpoint = {
  name: 'pauseWebhookEndpoint',
  method: 'POST',
  path: '/api/settings/integrations/webhooks/pause',
  access: 'integrations',
} as const;

export const replayWebhookEvent = {
  name: 'replayWebhookEvent',
  method: 'POST',
  path: '/api/settings/integrations/webhooks/replay',
  access: 'integrations',
} as const;

export const replayWebhookRange = {
  name: 'replayWebhookRange',
  method: 'POST',
  path: '/api/settings/integrations/webhooks/replay-range',
  access: 'integrations',
} as const;

export const resumeWebhookEndpoint = {
  name: 'resumeWebhookEndpoint',
  method: 'POST',
  path: '/api/settings/integrations/webhooks/resume',
  access: 'integrations',
} as const;

export const rotateWebhookSecret = {
  name: 'rotateWebhookSecret',
  method: 'POST',
  path: '/api/settings/integrations/webhooks/rotate-secret',
  access: 'integrations',
} as const;

export const sendWebhookTest = {
  name: 'sendWebhookTest',
  method: 'POST',
  path: '/api/settings/integrations/webhooks/test',
  access: 'integrations',
} as const;

export const skipWebhookEvent = {
  name: 'skipWebhookEvent',
  method: 'POST',
  path: '/api/settings/integrations/webhooks/skip',
  access: 'integrations',
} as const;

export const updateWebhookEndpoint = {
  name: 'updateWebhookEndpoint',
  method: 'POST',
  path: '/api/settings/integrations/webhooks/update',
  access: 'integrations',
} as const;
