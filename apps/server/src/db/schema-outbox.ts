// Decisions out (migrations 0045_outbox_webhooks, 0049_webhook_attempts; docs/decisions/
// 0025-exchange-integration.outbox.md): the outbox of events and the Standard Webhooks endpoints,
// secrets, deliveries and each delivery's attempts.
import {
  bigint,
  bigserial,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { integrations } from './schema-integrations.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One event per decision, written in the change's transaction; `position` is taken at its commit. */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    customerId: integer('customer_id'),
    payload: jsonb('payload').notNull(),
    position: bigint('position', { mode: 'number' }).unique(),
    committedAt: ts('committed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('outbox_events_created_at_idx').on(t.createdAt)],
);

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    integrationId: integer('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: text('event_types').array().notNull().default([]),
    status: text('status', { enum: ['enabled', 'paused', 'disabled'] })
      .notNull()
      .default('enabled'),
    disabledReason: text('disabled_reason'),
    version: integer('version').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_integration_idx').on(t.integrationId)],
);

export const webhookSecrets = pgTable(
  'webhook_secrets',
  {
    id: serial('id').primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    secretSealed: bytea('secret_sealed').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at'),
  },
  (t) => [index('webhook_secrets_endpoint_idx').on(t.endpointId)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => outboxEvents.id, { onDelete: 'cascade' }),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id'),
    position: bigint('position', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastStatusCode: integer('last_status_code'),
    lastResponseMs: integer('last_response_ms'),
    lastBodyExcerpt: text('last_body_excerpt'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    deliveredAt: ts('delivered_at'),
  },
  (t) => [
    unique('webhook_deliveries_event_endpoint_key').on(t.eventId, t.endpointId),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt),
    index('webhook_deliveries_order_idx').on(t.endpointId, t.customerId, t.position),
  ],
);

/** Every attempt at a delivery (the delivery keeps the last one's outcome too). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    at: ts('at').notNull().defaultNow(),
    statusCode: integer('status_code'),
    responseMs: integer('response_ms'),
    error: text('error'),
    bodyExcerpt: text('body_excerpt'),
  },
  (t) => [
    index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id),
    index('webhook_attempts_at_idx').on(t.at),
  ],
);

export const outboxFanout = pgTable('outbox_fanout', {
  id: smallint('id').primaryKey().default(1),
  position: bigint('position', { mode: 'number' }).notNull().default(0),
});
