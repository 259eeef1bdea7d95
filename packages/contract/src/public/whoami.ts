import { z } from 'zod';
import { INTEGRATION_SCOPES } from '../integrations/scopes.ts';
import { definePublicEndpoint } from './endpoint.ts';

/** The key check for the exchange's engineers: which integration a key is, and what it may do. */
export const whoami = definePublicEndpoint({
  method: 'GET',
  path: '/api/v1/whoami',
  summary: 'The integration this API key belongs to, its scopes, the key prefix and its expiry',
  tags: ['keys'],
  scope: null,
  response: z.object({
    integration: z.object({ id: z.number().int(), name: z.string() }),
    scopes: z.array(z.enum(INTEGRATION_SCOPES)),
    key: z.object({ prefix: z.string(), expiresAt: z.string().nullable() }),
  }),
});
