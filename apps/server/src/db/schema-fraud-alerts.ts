// Fraud check, alerts (migration 0025_fraud_alerts): members' comments on an alert.
import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { staffMembers } from './schema.ts';
import { fraudAlerts } from './schema-fraud.ts';

/** Internal comments on an alert: added, never edited. */
export const fraudAlertComments = pgTable(
  'fraud_alert_comments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    alertId: bigint('alert_id', { mode: 'number' })
      .notNull()
      .references(() => fraudAlerts.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => staffMembers.id),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('fraud_alert_comments_alert_idx').on(t.alertId, t.createdAt, t.id)],
);
