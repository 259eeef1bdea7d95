// The exchange's integrations (migration 0037_integrations, docs/decisions/0025-exchange-integration.md):
// service identities, their API keys, the public API's call log and its idempotency keys.
import {
  bigserial,
  boolean,
  customType,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { staffMembers } from './schema.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
const cidr = customType<{ data: string }>({ dataType: () => 'cidr' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A service identity of the exchange: what it may call (scopes) and from where (allowlist). */
export const integrations = pgTable('integrations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  scopes: text('scopes').array().notNull(),
  /** null: any address. */
  allowedAddresses: cidr('allowed_addresses').array(),
  enabled: boolean('enabled').notNull().default(true),
  /** Requests per minute and key. */
  requestsPerMinute: integer('requests_per_minute').notNull().default(20000),
  version: integer('version').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  createdBy: integer('created_by').references(() => staffMembers.id),
});

/** An integration's API keys: the prefix is shown, the secret only once and kept as its SHA-256. */
export const integrationKeys = pgTable(
  'integration_keys',
  {
    id: serial('id').primaryKey(),
    integrationId: integer('integration_id')
      .notNull()
      .references(() => integrations.id),
    prefix: text('prefix').notNull().unique(),
    secretHash: bytea('secret_hash').notNull(),
    expiresAt: ts('expires_at'),
    revokedAt: ts('revoked_at'),
    lastUsedAt: ts('last_used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    createdBy: integer('created_by'),
  },
  (t) => [index('integration_keys_integration_idx').on(t.integrationId, t.createdAt)],
);

/** One row per public API request (a batch is one), with its item counts and outcome. */
export const integrationCalls = pgTable(
  'integration_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull(),
    integrationId: integer('integration_id').references(() => integrations.id),
    keyId: integer('key_id').references(() => integrationKeys.id),
    method: text('method').notNull(),
    route: text('route').notNull(),
    status: smallint('status').notNull(),
    durationMs: real('duration_ms').notNull(),
    received: integer('received'),
    applied: integer('applied'),
    refused: integer('refused'),
    errorCode: text('error_code'),
    address: inet('address'),
    requestId: text('request_id'),
  },
  (t) => [
    index('integration_calls_at_idx').on(t.at, t.id),
    index('integration_calls_integration_at_idx').on(t.integrationId, t.at, t.id),
  ],
);

/** Idempotency-Key per integration, as `idempotency_keys` is per member. */
export const integrationIdempotencyKeys = pgTable(
  'integration_idempotency_keys',
  {
    integrationId: integer('integration_id')
      .notNull()
      .references(() => integrations.id),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'integration_idempotency_keys_pk', columns: [t.integrationId, t.key] })],
);
