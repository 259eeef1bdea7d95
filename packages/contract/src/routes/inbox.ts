// Generated from inbox.ts by `npm run contract:routes`; do not edit.
// Plain strings, no zod: the web names an endpoint with these before its schemas load.

export const assignInbox = {
  name: 'assignInbox',
  method: 'POST',
  path: '/api/inbox/assign',
  access: 'read',
} as const;

export const countInbox = {
  name: 'countInbox',
  method: 'GET',
  path: '/api/inbox/count',
  access: 'read',
} as const;

export const eventsStream = {
  name: 'eventsStream',
  method: 'GET',
  path: '/api/events/stream',
  access: 'read',
} as const;

export const inboxSummary = {
  name: 'inboxSummary',
  method: 'GET',
  path: '/api/inbox/summary',
  access: 'read',
} as const;

export const listInbox = {
  name: 'listInbox',
  method: 'GET',
  path: '/api/inbox',
  access: 'read',
} as const;

export const listTeamQueues = {
  name: 'listTeamQueues',
  method: 'GET',
  path: '/api/inbox/queues',
  access: 'read',
} as const;

export const markInbox = {
  name: 'markInbox',
  method: 'POST',
  path: '/api/inbox/mark',
  access: 'read',
} as const;

export const setAway = {
  name: 'setAway',
  method: 'PUT',
  path: '/api/inbox/away',
  access: 'read',
} as const;

export const takeNextFromQueue = {
  name: 'takeNextFromQueue',
  method: 'POST',
  path: '/api/inbox/queues/next',
  access: 'read',
} as const;

export const updateQueueRouting = {
  name: 'updateQueueRouting',
  method: 'PUT',
  path: '/api/inbox/queues/routing',
  access: 'supervise',
} as const;
