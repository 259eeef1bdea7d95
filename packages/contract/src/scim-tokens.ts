import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { SerialIdSchema, VersionSchema } from './list.ts';

/**
 * Settings → Members → SCIM provisioning (super only, capability `staff`; docs/sso.md): the bearer
 * tokens an identity provider (Okta, Entra ID) calls `/scim/v2` with. A token is shown once and kept
 * only as a hash; while one is live, provisioning is on.
 */

export const SCIM_TOKEN_PATTERN = /^(bds_[0-9a-f]{8})_([A-Za-z0-9_-]{43})$/;

export const ScimTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  version: z.number().int(),
});
export type ScimToken = z.infer<typeof ScimTokenSchema>;

export const listScimTokens = defineEndpoint({
  method: 'GET',
  path: '/api/members/scim-tokens',
  summary: 'The SCIM provisioning tokens, the newest first, with when each was last used',
  tags: ['members'],
  access: 'staff',
  response: z.object({ items: z.array(ScimTokenSchema), provisioning: z.boolean() }),
});

export const CreateScimTokenBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(80)
    .regex(/^[^\p{Cc}]*$/u, 'Use no control characters'),
});
export type CreateScimTokenBody = z.input<typeof CreateScimTokenBodySchema>;

/** Not idempotent on purpose: a stored answer would keep the secret (as an integration's API key). */
export const createScimToken = defineEndpoint({
  method: 'POST',
  path: '/api/members/scim-tokens/create',
  summary: 'Create a SCIM token; the answer holds the whole token, shown this once',
  tags: ['members'],
  access: 'staff',
  body: CreateScimTokenBodySchema,
  response: z.object({ success: z.literal(true), token: ScimTokenSchema, secret: z.string() }),
});

export const revokeScimToken = defineEndpoint({
  method: 'POST',
  path: '/api/members/scim-tokens/revoke',
  summary: 'Revoke a SCIM token: the provider is refused from its next request, on every node',
  tags: ['members'],
  access: 'staff',
  errors: ['SCIM_TOKEN_NOT_FOUND', 'SCIM_TOKEN_REVOKED', 'STALE_EDIT'],
  body: z.object({ id: SerialIdSchema, version: VersionSchema }),
  response: z.object({ success: z.literal(true), token: ScimTokenSchema }),
});
