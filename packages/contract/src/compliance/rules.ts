// Free of zod: the server's SQL and the web app derive the same KYC status from the same facts.
import { DEFAULT_KYC_STATUS } from '../rules/customer.ts';
import { KYC_SLA_DUE_SOON_SHARE, type KycSlaState } from './keys.ts';

/**
 * The original `kyc_status` (stored in `user_ky`) says what last happened to the customer's KYC
 * (docs/product-rules.md R38): any level from 1 is "approved"; at level 0 a customer with documents
 * waiting is "pending", one asked to send a document again is "resubmit", one whose level was decided
 * (and left at 0) or whose document was finally refused is "rejected", one with documents approved is
 * "approved"; only a customer with no decided document has not started ("kyc"). `latest` counts each
 * document kind's newest document by its status, so a document sent again replaces the one it answers.
 */
export function kycStatusOf(facts: {
  level: number;
  pendingDocuments: number;
  levelDecided: boolean;
  latest: { approved: number; rejected: number; resubmission: number };
}): string {
  const { latest } = facts;
  if (facts.level >= 1) return 'approved';
  if (facts.pendingDocuments > 0) return 'pending';
  if (latest.resubmission > 0) return 'resubmit';
  if (facts.levelDecided || latest.rejected > 0) return 'rejected';
  return latest.approved > 0 ? 'approved' : DEFAULT_KYC_STATUS;
}

/** Where a wait stands against the SLA (R39). */
export function slaStateOf(waitingMs: number, slaHours: number): KycSlaState {
  const slaMs = slaHours * 3_600_000;
  if (waitingMs > slaMs) return 'breached';
  return waitingMs >= slaMs * KYC_SLA_DUE_SOON_SHARE ? 'due_soon' : 'ok';
}
