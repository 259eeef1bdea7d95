// Generated from scim-tokens.ts by `npm run contract:routes`; do not edit.
// Plain strings, no zod: the web names an endpoint with these before its schemas load.

export const createScimToken = {
  name: 'createScimToken',
  method: 'POST',
  path: '/api/members/scim-tokens/create',
  access: 'staff',
} as const;

export const listScimTokens = {
  name: 'listScimTokens',
  method: 'GET',
  path: '/api/members/scim-tokens',
  access: 'staff',
} as const;

export const revokeScimToken = {
  name: 'revokeScimToken',
  method: 'POST',
  path: '/api/members/scim-tokens/revoke',
  access: 'staff',
} as const;
