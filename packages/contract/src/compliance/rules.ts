// Free of zod: the server's SQL and the web app derive the same KYC status from the same facts.
import { DEFAULT_KYC_STATUS } from '../rules/customer.ts';
import { KYC_SLA_DUE_SOON_SHARE, type KycSlaState } from './keys.ts';

/**
 * The original `kyc_status` (stored in `user_ky`) follows the KYC level (docs/product-rules.md R38):
 * any level from 1 is "approved"; at level 0 a customer with documents waiting is "pending", one whose
 * level was decided (and left at 0) is "rejected", anyone else has not started ("kyc").
 */
export function kycStatusOf(facts: {
  level: number;
  pendingDocuments: number;
  levelDecided: boolean;
}): string {
  if (facts.level >= 1) return 'approved';
  if (facts.pendingDocuments > 0) return 'pending';
  return facts.levelDecided ? 'rejected' : DEFAULT_KYC_STATUS;
}

/** Where a wait stands against the SLA (R39). */
export function slaStateOf(waitingMs: number, slaHours: number): KycSlaState {
  const slaMs = slaHours * 3_600_000;
  if (waitingMs > slaMs) return 'breached';
  return waitingMs >= slaMs * KYC_SLA_DUE_SOON_SHARE ? 'due_soon' : 'ok';
}
