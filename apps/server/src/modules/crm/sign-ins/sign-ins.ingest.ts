import { type IngestSignIn, IngestSignInSchema } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import { type IngestKind, type ItemOutcome, refused } from '../../platform/ingest/ingest-core.ts';
import { versionOutcomes } from '../../platform/ingest/ingest-versions.ts';
import { customerRefs } from '../customers/customer-refs.repository.ts';

/**
 * Customer sign-ins on the exchange (decision 0025): rows of customer_login_events, whose insert
 * trigger puts each into the fraud engine's queue (decision 0016), like the seeded history's.
 */
export const signInsIngest: IngestKind<IngestSignIn> = {
  name: 'sign-ins',
  schema: IngestSignInSchema,
  keyOf: (s) => s.externalId,
  versionOf: (s) => s.version,
  async apply(tx, items, source) {
    const customers = await customerRefs(
      tx,
      items.map((s) => s.customerExternalId),
    );
    const known = items.filter((s) => customers.has(s.customerExternalId));
    const col = <T>(pick: (s: IngestSignIn) => T) => sql.param(known.map(pick));
    const written = new Set<string>();
    if (known.length > 0) {
      const { rows } = await tx.execute<{ external_id: string }>(sql`
        INSERT INTO customer_login_events AS e (external_id, external_version, source_integration_id, received_at,
          customer_id, at, ip, device_id, user_agent, outcome, failure_reason)
        SELECT i.external_id, i.external_version, ${source.integrationId}::integer, ${source.receivedAt}::timestamptz,
               i.customer_id, i.at, i.ip, i.device_id, i.user_agent, i.outcome, i.failure_reason
          FROM unnest(${col((s) => s.externalId)}::text[], ${col((s) => s.version)}::bigint[],
                      ${col((s) => customers.get(s.customerExternalId)!.id)}::bigint[], ${col((s) => s.at)}::timestamptz[],
                      ${col((s) => s.ip)}::inet[], ${col((s) => s.deviceId)}::text[],
                      ${col((s) => s.userAgent ?? null)}::text[], ${col((s) => s.outcome)}::text[],
                      ${col((s) => s.failureReason ?? null)}::text[])
            AS i(external_id, external_version, customer_id, at, ip, device_id, user_agent, outcome, failure_reason)
        ON CONFLICT (external_id) DO UPDATE SET
          external_version = EXCLUDED.external_version, source_integration_id = EXCLUDED.source_integration_id,
          received_at = EXCLUDED.received_at, customer_id = EXCLUDED.customer_id, at = EXCLUDED.at, ip = EXCLUDED.ip,
          device_id = EXCLUDED.device_id, user_agent = EXCLUDED.user_agent, outcome = EXCLUDED.outcome,
          failure_reason = EXCLUDED.failure_reason
        WHERE e.external_version < EXCLUDED.external_version
        RETURNING e.external_id`);
      for (const r of rows) written.add(r.external_id);
    }
    const outcomes = await versionOutcomes(
      tx,
      sql`customer_login_events`,
      known.map((s) => ({ key: s.externalId, version: s.version })),
      written,
      refused('INGEST_ITEM_NOT_STORED'),
    );
    const byKey = new Map(known.map((s, i) => [s.externalId, outcomes[i]!]));
    return items.map(
      (s): ItemOutcome =>
        byKey.get(s.externalId) ?? refused('CUSTOMER_UNKNOWN', { externalId: s.customerExternalId }),
    );
  },
};
