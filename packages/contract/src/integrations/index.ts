import { z } from 'zod';
import { CalendarDateSchema, InstantSchema } from '../dates.ts';
import { defineEndpoint } from '../endpoint.ts';
import {
  listQuerySchema,
  MAX_SERIAL_ID,
  queryInt,
  SerialIdSchema,
  uncountedPageSchema,
  VersionSchema,
} from '../list.ts';
import { INTEGRATION_SCOPES } from './scopes.ts';
import {
  INTEGRATION_CALL_OUTCOMES,
  INTEGRATION_CALL_RETENTION,
  INTEGRATION_CALL_SORT_KEYS,
  INTEGRATION_RATE,
  MAX_ALLOWED_ADDRESSES,
} from './vocabulary.ts';

export * from './scopes.ts';
export * from './vocabulary.ts';

/**
 * Settings → Integrations (super only, capability `integrations`; docs/product-rules.md R66–R69):
 * the exchange's service identities, their API keys and the public API's call log.
 */

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

export const IntegrationKeySchema = z.object({
  id: z.number().int(),
  prefix: z.string(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  created_at: z.string(),
});
export type IntegrationKey = z.infer<typeof IntegrationKeySchema>;

export const IntegrationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(z.enum(INTEGRATION_SCOPES)),
  /** null: any address. */
  allowed_addresses: z.array(z.string()).nullable(),
  enabled: z.boolean(),
  requests_per_minute: z.number().int(),
  version: z.number().int(),
  created_at: z.string(),
  keys: z.array(IntegrationKeySchema),
});
export type Integration = z.infer<typeof IntegrationSchema>;

export const listIntegrations = defineEndpoint({
  method: 'GET',
  path: '/api/settings/integrations',
  summary: 'Every integration with its scopes, allowlist, state and keys (prefix, expiry, last use), by name',
  tags: ['integrations'],
  access: 'integrations',
  response: z.object({ items: z.array(IntegrationSchema) }),
});

export const IntegrationNameSchema = z
  .string()
  .trim()
  .min(2, 'Use 2 to 80 characters')
  .max(80, 'Use 2 to 80 characters');

const ScopesSchema = z
  .array(z.enum(INTEGRATION_SCOPES))
  .min(1)
  .max(INTEGRATION_SCOPES.length)
  .refine((scopes) => new Set(scopes).size === scopes.length, { message: 'A scope is listed twice' });

/** Addresses or networks (203.0.113.7, 10.0.0.0/8, 2001:db8::/32); null or empty: any address. */
const AllowedAddressesSchema = z
  .array(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]))
  .max(MAX_ALLOWED_ADDRESSES)
  .nullable();

const RequestsPerMinuteSchema = z.number().int().min(INTEGRATION_RATE.minimum).max(INTEGRATION_RATE.maximum);

export const IntegrationFieldsSchema = z.object({
  name: IntegrationNameSchema,
  scopes: ScopesSchema,
  allowed_addresses: AllowedAddressesSchema,
  requests_per_minute: RequestsPerMinuteSchema.default(INTEGRATION_RATE.default),
});
export type IntegrationFields = z.input<typeof IntegrationFieldsSchema>;

export const createIntegration = defineEndpoint({
  method: 'POST',
  path: '/api/settings/integrations/create',
  summary: 'Create an integration (a service identity of the exchange); then create its keys',
  tags: ['integrations'],
  access: 'integrations',
  idempotent: true,
  errors: ['INTEGRATION_NAME_TAKEN'],
  body: IntegrationFieldsSchema,
  response: z.object({ success: z.literal(true), integration: IntegrationSchema }),
});

export const UpdateIntegrationBodySchema = IntegrationFieldsSchema.extend({
  id: SerialIdSchema,
  version: VersionSchema,
});
export type UpdateIntegrationBody = z.input<typeof UpdateIntegrationBodySchema>;

export const updateIntegration = defineEndpoint({
  method: 'POST',
  path: '/api/settings/integrations/update',
  summary: 'Change an integration’s name, scopes, allowlist or rate; a stale version is refused',
  tags: ['integrations'],
  access: 'integrations',
  errors: ['INTEGRATION_NOT_FOUND', 'INTEGRATION_NAME_TAKEN', 'STALE_EDIT'],
  body: UpdateIntegrationBodySchema,
  response: z.object({ success: z.literal(true), integration: IntegrationSchema }),
});

export const IntegrationRefBodySchema = z.object({ id: SerialIdSchema, version: VersionSchema });

export const disableIntegration = defineEndpoint({
  method: 'POST',
  path: '/api/settings/integrations/disable',
  summary: 'Disable an integration: every key of it is refused from the next request, on every node',
  tags: ['integrations'],
  access: 'integrations',
  errors: ['INTEGRATION_NOT_FOUND', 'STALE_EDIT'],
  body: IntegrationRefBodySchema,
  response: z.object({ success: z.literal(true), integration: IntegrationSchema }),
});

export const enableIntegration = defineEndpoint({
  method: 'POST',
  path: '/api/settings/integrations/enable',
  summary: 'Enable a disabled integration again',
  tags: ['integrations'],
  access: 'integrations',
  errors: ['INTEGRATION_NOT_FOUND', 'STALE_EDIT'],
  body: IntegrationRefBodySchema,
  response: z.object({ success: z.literal(true), integration: IntegrationSchema }),
});

export const CreateIntegrationKeyBodySchema = z.object({
  integration_id: SerialIdSchema,
  /** null: the key does not expire. */
  expires_at: InstantSchema.nullable(),
});
export type CreateIntegrationKeyBody = z.input<typeof CreateIntegrationKeyBodySchema>;

/**
 * Not idempotent on purpose: a stored answer would keep the secret. A retry after a lost answer
 * makes a second key, which the super revokes.
 */
export const createIntegrationKey = defineEndpoint({
  method: 'POST',
  path: '/api/settings/integrations/keys/create',
  summary: 'Create an API key for an integration; the answer holds the whole key, shown this once',
  tags: ['integrations'],
  access: 'integrations',
  errors: ['INTEGRATION_NOT_FOUND', 'INTEGRATION_KEY_EXPIRY_PAST'],
  body: CreateIntegrationKeyBodySchema,
  response: z.object({ success: z.literal(true), key: IntegrationKeySchema, secret: z.string() }),
});

export const revokeIntegrationKey = defineEndpoint({
  method: 'POST',
  path: '/api/settings/integrations/keys/revoke',
  summary: 'Revoke an API key: refused from the next request, on every node',
  tags: ['integrations'],
  access: 'integrations',
  errors: ['INTEGRATION_KEY_NOT_FOUND', 'INTEGRATION_KEY_REVOKED'],
  body: z.object({ id: SerialIdSchema }),
  response: z.object({ success: z.literal(true), key: IntegrationKeySchema }),
});

// ── Call log ─────────────────────────────────────────────────────────────────

export const IntegrationCallSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  integration: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  key_prefix: z.string().nullable(),
  method: z.string(),
  route: z.string(),
  status: z.number().int(),
  outcome: z.enum(INTEGRATION_CALL_OUTCOMES),
  duration_ms: z.number(),
  received: z.number().int().nullable(),
  applied: z.number().int().nullable(),
  refused: z.number().int().nullable(),
  error_code: z.string().nullable(),
  address: z.string().nullable(),
  request_id: z.string().nullable(),
});
export type IntegrationCall = z.infer<typeof IntegrationCallSchema>;

export const IntegrationCallFiltersSchema = z.object({
  integration: optional(queryInt(1, MAX_SERIAL_ID)),
  route: optional(z.string().trim().max(200)),
  outcome: optional(z.enum(INTEGRATION_CALL_OUTCOMES)),
  /** Whole UTC days, both ends included. */
  from: optional(CalendarDateSchema),
  to: optional(CalendarDateSchema),
});

export const IntegrationCallQuerySchema = listQuerySchema(INTEGRATION_CALL_SORT_KEYS, 'at')
  .extend({ dir: z.enum(['asc', 'desc']).default('desc') })
  .extend(IntegrationCallFiltersSchema.shape);
export type IntegrationCallQuery = z.input<typeof IntegrationCallQuerySchema>;

export const listIntegrationCalls = defineEndpoint({
  method: 'GET',
  path: '/api/settings/integrations/calls',
  summary: 'The public API’s call log: one row per request, filtered by integration, route, outcome and date',
  tags: ['integrations'],
  access: 'integrations',
  query: IntegrationCallQuerySchema,
  response: uncountedPageSchema(IntegrationCallSchema),
});

export const CallRetentionSchema = z.object({
  days: z.number().int(),
  /** 0 while the default applies (never set). */
  version: z.number().int(),
  minimum: z.number().int(),
  maximum: z.number().int(),
});
export type CallRetention = z.infer<typeof CallRetentionSchema>;

export const getCallRetention = defineEndpoint({
  method: 'GET',
  path: '/api/settings/integrations/retention',
  summary: 'How many days call-log rows are kept',
  tags: ['integrations'],
  access: 'integrations',
  response: CallRetentionSchema,
});

export const setCallRetention = defineEndpoint({
  method: 'POST',
  path: '/api/settings/integrations/retention',
  summary: 'Change how many days call-log rows are kept (older rows are deleted daily)',
  tags: ['integrations'],
  access: 'integrations',
  errors: ['STALE_EDIT'],
  body: z.object({
    days: z.number().int().min(INTEGRATION_CALL_RETENTION.minimum).max(INTEGRATION_CALL_RETENTION.maximum),
    version: VersionSchema.or(z.literal(0)),
  }),
  response: z.object({ success: z.literal(true), retention: CallRetentionSchema }),
});
