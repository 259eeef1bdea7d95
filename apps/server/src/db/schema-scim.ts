// SCIM provisioning (migration 0052_scim): the bearer tokens an identity provider calls /scim/v2 with.
import { customType, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { staffMembers } from './schema.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const scimTokens = pgTable('scim_tokens', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  prefix: text('prefix').notNull().unique(),
  secretHash: bytea('secret_hash').notNull(),
  createdBy: integer('created_by')
    .notNull()
    .references(() => staffMembers.id),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastUsedAt: ts('last_used_at'),
  revokedAt: ts('revoked_at'),
  revokedBy: integer('revoked_by').references(() => staffMembers.id),
  version: integer('version').notNull().default(1),
});
