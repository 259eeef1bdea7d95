// Fraud check's screening tables (migration 0027_fraud_screening). customers.birth_date and
// customers.nationality are added by the same migration and read with SQL by the screening module.

import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers, staffMembers } from './schema.ts';
import { fraudAlerts } from './schema-fraud.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A sanctions or PEP list as last imported. */
export const screeningLists = pgTable(
  'screening_lists',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** ofac_sdn | un_xml | opensanctions */
    format: text('format').notNull(),
    fileName: text('file_name'),
    fileSha256: text('file_sha256'),
    entryCount: integer('entry_count').notNull().default(0),
    importedAt: ts('imported_at').notNull().defaultNow(),
    importedBy: integer('imported_by').references(() => staffMembers.id),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('screening_lists_name_key').on(sql`lower(${t.name})`)],
);

/** One listed person or entity; keeps its id across imports (matched by the list's reference). */
export const screeningEntries = pgTable(
  'screening_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    listId: integer('list_id')
      .notNull()
      .references(() => screeningLists.id),
    ref: text('ref').notNull(),
    /** person | entity */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    aliases: text('aliases').array().notNull().default(sql`'{}'`),
    birthDates: text('birth_dates').array().notNull().default(sql`'{}'`),
    nationalities: text('nationalities').array().notNull().default(sql`'{}'`),
    programme: text('programme'),
    removedAt: ts('removed_at'),
  },
  (t) => [uniqueIndex('screening_entries_ref_key').on(t.listId, t.ref)],
);

/** Blocking keys ('t:' token, 'p:' phonetic) of an entry's names. */
export const screeningEntryKeys = pgTable(
  'screening_entry_keys',
  {
    key: text('key').notNull(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => screeningEntries.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.key, t.entryId] }), index('screening_entry_keys_entry_idx').on(t.entryId)],
);

/** Blocking keys of a customer's name, kept by a trigger on customers. */
export const screeningCustomerKeys = pgTable(
  'screening_customer_keys',
  {
    key: text('key').notNull(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.customerId] }),
    index('screening_customer_keys_customer_idx').on(t.customerId),
  ],
);

/** A hit: score and explanation of a customer against an entry. */
export const screeningMatches = pgTable(
  'screening_matches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => screeningEntries.id),
    score: numeric('score', { precision: 4, scale: 3 }).notNull(),
    explanation: jsonb('explanation').notNull(),
    matchedAt: ts('matched_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('screening_matches_pair_key').on(t.customerId, t.entryId)],
);

/** (customer, entry) pairs closed as false positives: never raised again. */
export const screeningDismissals = pgTable(
  'screening_dismissals',
  {
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => screeningEntries.id),
    alertId: bigint('alert_id', { mode: 'number' }).references(() => fraudAlerts.id),
    dismissedBy: integer('dismissed_by').references(() => staffMembers.id),
    dismissedAt: ts('dismissed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.entryId] })],
);
