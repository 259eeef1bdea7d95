import { TRAVEL_RULE_OPEN_STATES } from '@backdesk/contract/compliance/keys';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { auditRowsFrom } from '../../platform/audit/changes.ts';

export const RETENTION_JOB = 'travel-rule.anonymise-expired';
/** Daily, at a quiet hour; one node runs each day's run (decision 0012). */
export const RETENTION_SCHEDULE = '23 4 * * *';
/** Records per statement, so a first run over years of history holds no lock for long. */
const BATCH = 1000;

const OPEN_STATES = sql.join(
  TRAVEL_RULE_OPEN_STATES.map((s) => sql`${s}`),
  sql`, `,
);

/**
 * Retention (docs/decisions/0026-travel-rule.md): once a finished record is older than its
 * jurisdiction's `retention_years` (MASAK: 8), its IVMS101 parties — the personal data — are cleared
 * and the record marked anonymised, one audit row each. The record itself stays: its state, amount
 * and counterparty still count in the travel-rule report, and nothing that points at it breaks.
 * Open work is left alone whatever its age: retention runs from the end of the work. Migration 0057's
 * trigger refuses anonymising (or deleting) a record within its retention, whoever asks.
 */
export function createTravelRuleRetention(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const actor = { memberId: null, requestId: RETENTION_JOB };

  async function batch(now: Date): Promise<number> {
    const { rows } = await db.execute<{ cleared: number }>(sql`
      WITH due AS (
        SELECT r.id FROM travel_rule_records r
        WHERE r.anonymised_at IS NULL AND r.state NOT IN (${OPEN_STATES})
          AND r.created_at + make_interval(years => travel_rule_retention_years(r.jurisdiction)) <= ${now}
        ORDER BY r.created_at, r.id
        LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED
      ), cleared AS (
        UPDATE travel_rule_records r
        SET originator = NULL, beneficiary = NULL, originating_vasp = NULL, beneficiary_vasp = NULL,
            anonymised_at = ${now}, updated_at = ${now}, version = r.version + 1
        FROM due WHERE r.id = due.id
        RETURNING r.id, r.transaction_id
      ), audited AS (
        ${auditRowsFrom(actor, {
          entity: 'travel_rule_record',
          action: 'anonymise',
          from: sql`cleared c JOIN wallet_transactions w ON w.id = c.transaction_id`,
          entityId: sql`c.id`,
          customerId: sql`w.customer_id`,
          before: sql`jsonb_build_object('anonymised_at', NULL)`,
          after: sql`jsonb_build_object('anonymised_at', ${now.toISOString()}::text)`,
        })}
      )
      SELECT count(*)::int AS cleared FROM cleared`);
    return Number(rows[0]?.cleared ?? 0);
  }

  return {
    /** Anonymises every record past its retention as of the clock's now; answers how many. */
    async run(): Promise<number> {
      const now = clock.now();
      let total = 0;
      for (;;) {
        const cleared = await batch(now);
        total += cleared;
        if (cleared < BATCH) return total;
      }
    },
  };
}
