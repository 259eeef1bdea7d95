import { bigint, integer, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the exchange feeds carries (migration 0039, decision 0025): the exchange's version of the
 * object, the integration that sent it and when it arrived; null on seeded and Backdesk-made rows.
 * Its own file: schema-fraud*.ts use it while schema.ts is still being evaluated.
 */
export const fedColumns = () => ({
  externalVersion: bigint('external_version', { mode: 'number' }),
  sourceIntegrationId: integer('source_integration_id'),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }),
});
