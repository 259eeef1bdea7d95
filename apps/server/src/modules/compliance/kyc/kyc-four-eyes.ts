import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { daysBefore } from '../../../lib/clock.ts';

/**
 * KYC four-eyes for fraud-flagged customers (docs/product-rules.md R63): raising such a customer's KYC level
 * needs a second member, through modules/platform/approvals (kind below). The KYC queue service asks.
 */
export const KYC_LEVEL_APPROVAL = 'kyc_level_approval';

/** A first approval nobody seconds within three days lapses, as a withdrawal release's does. */
export const KYC_LEVEL_APPROVAL_TTL_MS = 72 * 3_600_000;

/** How long a confirmed alert keeps a customer flagged after it was closed. */
export const CONFIRMED_FLAG_DAYS = 90;

/**
 * Whether the customer is fraud-flagged at `now`: an alert still open, under investigation or
 * escalated, or one closed as confirmed in the last 90 days.
 */
export async function isFraudFlagged(db: DbOrTx, customerId: number, now: Date): Promise<boolean> {
  const since = daysBefore(now, CONFIRMED_FLAG_DAYS);
  const { rows } = await db.execute<{ flagged: boolean }>(sql`
    SELECT EXISTS (
      SELECT 1 FROM fraud_alerts
       WHERE customer_id = ${customerId}
         AND (status <> 'closed' OR (outcome = 'confirmed' AND closed_at > ${since}))
    ) AS flagged`);
  return rows[0]?.flagged === true;
}
