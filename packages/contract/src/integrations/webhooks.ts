import { z } from 'zod';
import { InstantSchema } from '../dates.ts';
import { defineEndpoint } from '../endpoint.ts';
import { MAX_SERIAL_ID, queryInt, SerialIdSchema, VersionSchema } from '../list.ts';
import { EVENT_ID_PATTERN, EVENT_TYPES } from '../public/events.ts';
import {
  SUBSCRIBABLE_EVENT_TYPES,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_ENDPOINT_STATUSES,
} from './webhook-vocabulary.ts';

export * from './webhook-vocabulary.ts';

/**
 * Settings → Integrations → Webhooks (capability `integrations`; decision 0025 outbox): an
 * integration's Standard Webhooks endpoints, their secrets (shown once), the delivery log, replays,
 * skips of a blocked event and the test event.
 */

export const WebhookEndpointSchema = z.object({
  id: z.number().int(),
  integration_id: z.number().int(),
  url: z.string(),
  description: z.string(),
  /** Empty: every event type. */
  event_types: z.array(z.string()),
  status: z.enum(WEBHOOK_ENDPOINT_STATUSES),
  /** Why Backdesk disabled it ('410': the receiver answered Gone). */
  disabled_reason: z.string().nullable(),
  /** Customers whose events wait behind one that failed for good (replay or skip it). */
  blocked_customers: z.number().int(),
  version: z.number().int(),
  created_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

const EventTypeFilterSchema = z.array(z.enum(SUBSCRIBABLE_EVENT_TYPES)).max(EVENT_TYPES.length).default([]);

const WebhookUrlSchema = z
  .url({ protocol: /^https?$/ })
  .max(2000)
  .refine((u) => !u.includes('\u0000') && !/\s/.test(u), 'A URL has no spaces or NUL bytes');

export const WebhookFieldsSchema = z.object({
  url: WebhookUrlSchema,
  description: z.string().trim().max(200).default(''),
  event_types: EventTypeFilterSchema,
});
export type WebhookFields = z.input<typeof WebhookFieldsSchema>;

const EndpointRefSchema = z.object({ id: SerialIdSchema, version: VersionSchema });
const ok = <T extends z.ZodRawShape>(shape: T) => z.object({ success: z.literal(true), ...shape });
const ERR = ['WEBHOOK_ENDPOINT_NOT_FOUND', 'STALE_EDIT'] as const;

export const listWebhookEndpoints = defineEndpoint({
  method: 'GET',
  path: '/api/settings/integrations/webhooks',
  summary: 'An integration’s webhook endpoints, with how many customers each has blocked',
  tags: ['integrations'],
  access: 'integrations',
  query: z.strictObject({ integration_id: queryInt(1, MAX_SERIAL_ID) }),
  response: z.object({ items: z.array(WebhookEndpointSchema) }),
});

export const createWebhookEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/settings/integrations/webhooks/create',
  summary: 'Add a webhook endpoint; its signing secret (whsec_…) is in this answer only',
  tags: ['integrations'],
  access: 'integrations',
  idempotent: true,
  errors: ['INTEGRATION_NOT_FOUND'],
  body: WebhookFieldsSchema.extend({ integration_id: SerialIdSchema }),
  response: ok({ endpoint: WebhookEndpointSchema, secret: z.string() }),
});

export const updateWebhookEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/settings/integrations/webhooks/update',
  summary: 'Change an endpoint’s URL, description or event types; a stale version is refused',
  tags: ['integrations'],
  access: 'integrations',
  errors: [...ERR],
  body: WebhookFieldsSchema.extend(EndpointRefSchema.shape),
  response: ok({ endpoint: WebhookEndpointSchema }),
});

const endpointAction = (path: string, summary: string) =>
  defineEndpoint({
    method: 'POST',
    path: `/api/settings/integrations/webhooks/${path}`,
    summary,
    tags: ['integrations'],
    access: 'integrations',
    errors: [...ERR],
    body: EndpointRefSchema,
    response: ok({ endpoint: WebhookEndpointSchema }),
  });

export const pauseWebhookEndpoint = endpointAction(
  'pause',
  'Pause an endpoint: its events wait, none is lost',
);
export const resumeWebhookEndpoint = endpointAction(
  'resume',
  'Resume a paused or disabled endpoint: what waited is sent, in order',
);

export const deleteWebhookEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/settings/integrations/webhooks/delete',
  summary: 'Remove an endpoint, its secrets and its delivery log',
  tags: ['integrations'],
  access: 'integrations',
  errors: [...ERR],
  body: EndpointRefSchema,
  response: z.object({ success: z.literal(true) }),
});

export const rotateWebhookSecret = defineEndpoint({
  method: 'POST',
  path: '/api/settings/integrations/webhooks/rotate-secret',
  summary: 'A new signing secret, in this answer only; the old one still signs during the overlap',
  tags: ['integrations'],
  access: 'integrations',
  errors: [...ERR],
  body: EndpointRefSchema,
  response: ok({ endpoint: WebhookEndpointSchema, secret: z.string(), previous_expires_at: z.string() }),
});

export const WebhookDeliverySchema = z.object({
  id: z.number().int(),
  event_id: z.string(),
  event_type: z.string(),
  customer_id: z.number().int().nullable(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_status_code: z.number().int().nullable(),
  last_response_ms: z.number().int().nullable(),
  last_body_excerpt: z.string().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  /** Failed for good, with later events of its customer waiting behind it. */
  blocking: z.boolean(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const listWebhookDeliveries = defineEndpoint({
  method: 'GET',
  path: '/api/settings/integrations/webhooks/deliveries',
  summary: 'An endpoint’s delivery log, newest first: attempts, status, response time, body excerpt',
  tags: ['integrations'],
  access: 'integrations',
  errors: ['WEBHOOK_ENDPOINT_NOT_FOUND'],
  query: z.strictObject({
    endpoint_id: queryInt(1, MAX_SERIAL_ID),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
    limit: queryInt(1, 200).default(50),
  }),
  response: z.object({ items: z.array(WebhookDeliverySchema) }),
});

const EventIdSchema = z.string().regex(EVENT_ID_PATTERN);
const DeliveryRefSchema = z.object({ endpoint_id: SerialIdSchema, event_id: EventIdSchema });

/** One attempt at a delivery, as the delivery loop recorded it. */
export const WebhookAttemptSchema = z.object({
  /** Counted from 1 within a run of attempts; a replay starts a fresh run at 1. */
  attempt: z.number().int(),
  at: z.string(),
  /** null: no answer (timeout, refused address, connection error; see `error`). */
  status_code: z.number().int().nullable(),
  response_ms: z.number().int().nullable(),
  error: z.string().nullable(),
  body_excerpt: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

export const listWebhookAttempts = defineEndpoint({
  method: 'GET',
  path: '/api/settings/integrations/webhooks/attempts',
  summary: 'Every attempt at one delivery (an event to an endpoint), oldest first',
  tags: ['integrations'],
  access: 'integrations',
  errors: ['WEBHOOK_DELIVERY_NOT_FOUND'],
  query: z.strictObject({ endpoint_id: queryInt(1, MAX_SERIAL_ID), event_id: EventIdSchema }),
  response: z.object({ items: z.array(WebhookAttemptSchema) }),
});

export const replayWebhookEvent = defineEndpoint({
  method: 'POST',
  path: '/api/settings/integrations/webhooks/replay',
  summary: 'Send one event to the endpoint again (a fresh run of attempts, the same webhook-id)',
  tags: ['integrations'],
  access: 'integrations',
  errors: ['WEBHOOK_ENDPOINT_NOT_FOUND', 'WEBHOOK_DELIVERY_NOT_FOUND'],
  body: DeliveryRefSchema,
  response: z.object({ success: z.literal(true) }),
});

export const skipWebhookEvent = defineEndpoint({
  method: 'POST',
  path: '/api/settings/integrations/webhooks/skip',
  summary: 'Give up on an undelivered event so its customer’s later events go',
  tags: ['integrations'],
  access: 'integrations',
  errors: ['WEBHOOK_ENDPOINT_NOT_FOUND', 'WEBHOOK_DELIVERY_NOT_FOUND'],
  body: DeliveryRefSchema,
  response: z.object({ success: z.literal(true) }),
});

export const replayWebhookRange = defineEndpoint({
  method: 'POST',
  path: '/api/settings/integrations/webhooks/replay-range',
  summary: 'Send again every event committed in a time range (at most 31 days) to the endpoint',
  tags: ['integrations'],
  access: 'integrations',
  errors: ['WEBHOOK_ENDPOINT_NOT_FOUND', 'WEBHOOK_RANGE_INVALID'],
  body: z.object({ endpoint_id: SerialIdSchema, from: InstantSchema, to: InstantSchema }),
  response: z.object({ success: z.literal(true), events: z.number().int() }),
});

export const sendWebhookTest = defineEndpoint({
  method: 'POST',
  path: '/api/settings/integrations/webhooks/test',
  summary: 'Send a signed test.ping event to the endpoint (not in the feed)',
  tags: ['integrations'],
  access: 'integrations',
  errors: ['WEBHOOK_ENDPOINT_NOT_FOUND'],
  body: z.object({ id: SerialIdSchema }),
  response: z.object({ success: z.literal(true), event_id: z.string() }),
});
