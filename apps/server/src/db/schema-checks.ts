// Real-time checks (migration 0044_realtime_checks): every answered withdrawal or P2P check.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers, walletTransactions } from './schema.ts';
import { integrations } from './schema-integrations.ts';

export const realtimeChecks = pgTable(
  'realtime_checks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What the exchange is told (`checkId`): not the row's sequence. */
    publicId: uuid('public_id').notNull().defaultRandom(),
    /** withdrawal | p2p */
    kind: text('kind').notNull(),
    /** The asking integration (integrations.id). */
    integrationId: integer('integration_id')
      .notNull()
      .references(() => integrations.id),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    /** The exchange's own id of the withdrawal or trade it asks about. */
    externalRef: text('external_ref').notNull(),
    input: jsonb('input').notNull(),
    /** allow | review | block */
    decision: text('decision').notNull(),
    reasons: jsonb('reasons').notNull().default(sql`'[]'::jsonb`),
    /** The withdrawal a `review` put under review. */
    walletTransactionId: bigint('wallet_transaction_id', { mode: 'number' }).references(
      () => walletTransactions.id,
    ),
    durationMs: numeric('duration_ms', { precision: 10, scale: 3 }).notNull(),
    evaluatedAt: timestamp('evaluated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('realtime_checks_public_id_key').on(t.publicId),
    index('realtime_checks_evaluated_idx').on(t.evaluatedAt, t.id),
    index('realtime_checks_decision_idx').on(t.decision, t.evaluatedAt, t.id),
    index('realtime_checks_customer_idx').on(t.customerId, t.evaluatedAt, t.id),
    index('realtime_checks_ref_idx').on(t.kind, t.externalRef),
    index('realtime_checks_wallet_tx_idx')
      .on(t.walletTransactionId)
      .where(sql`wallet_transaction_id IS NOT NULL`),
  ],
);
