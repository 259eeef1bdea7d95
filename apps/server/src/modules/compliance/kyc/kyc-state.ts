import { kycStatusOf } from '@backdesk/contract';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { ApprovalsService } from '../../platform/approvals/approvals.service.ts';
import type { createChanges } from '../../platform/audit/changes.ts';
import type { KycCasesRepository } from './kyc-cases.repository.ts';
import type { KycCustomersRepository } from './kyc-customers.repository.ts';
import type { KycDocumentsRepository } from './kyc-documents.repository.ts';

/** What the KYC services are built from (kyc.module.ts). */
export interface KycServiceDeps {
  db: Db;
  clock: Clock;
  changes: ReturnType<typeof createChanges>;
  documents: KycDocumentsRepository;
  cases: KycCasesRepository;
  customers: KycCustomersRepository;
  /** Four-eyes for raising a fraud-flagged customer's level (kyc-four-eyes.ts); absent, none. */
  approvals?: ApprovalsService;
}

/**
 * After a document arrived or was decided: the customer's case follows their pending documents and
 * their kyc_status follows the level and the case (R38, R39). The caller holds the customer's lock.
 */
export async function followDocuments(
  tx: DbOrTx,
  customerId: number,
  repos: { cases: KycCasesRepository; customers: KycCustomersRepository },
): Promise<void> {
  await repos.cases.sync(tx, customerId);
  const facts = await repos.customers.lockFacts(tx, customerId, false);
  if (!facts) return;
  await repos.customers.setKycStatus(tx, customerId, kycStatusOf(facts));
}
