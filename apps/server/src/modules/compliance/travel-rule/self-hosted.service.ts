import type { complianceApi, SelfHostedWallet } from '@backdesk/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Actor, Changes } from '../../platform/audit/changes.ts';
import type { SelfHostedRepository } from './self-hosted.repository.ts';
import { checkProofEvidence } from './self-hosted-evidence.ts';
import type { TravelRuleService } from './travel-rule.service.ts';

/** The proof as the audit row keeps it: the method, its evidence, who vouches for it, who checked it and when. */
const proofOf = (w: SelfHostedWallet) => ({
  proof_method: w.proof_method,
  proof_message: w.proof_message,
  proof_signature: w.proof_signature,
  proof_tx_hash: w.proof_tx_hash,
  proof_transaction_id: w.proof_transaction_id,
  proof_verified_by: w.proof_verified_by,
  proof_checked_by: w.proof_checked_by,
  proof_checked_at: w.proof_checked_at,
});

/**
 * Customers' self-hosted wallets: the list officers work, and recording a proof of ownership (a
 * signed message or a small test transfer) with its evidence, checked where Backdesk can, which the
 * open records resting on the wallet then see.
 */
export function createSelfHostedService(deps: {
  db: Db;
  repo: SelfHostedRepository;
  changes: Changes;
  records: Pick<TravelRuleService, 'reevaluateOnAddressIn'>;
}) {
  const { db, repo, changes, records } = deps;
  return {
    list: (query: z.output<typeof complianceApi.SelfHostedQuerySchema>) => repo.page(db, query),

    recordProof(
      body: z.output<typeof complianceApi.recordSelfHostedProof.body>,
      actor: Actor,
    ): Promise<{ success: true; wallet: SelfHostedWallet }> {
      return changes.run(actor, async (tx) => {
        const before = await repo.byId(tx, body.id, true);
        if (!before) throw new AppError('VASP_ADDRESS_NOT_FOUND');
        if (!before.self_hosted) throw new AppError('VASP_ADDRESS_NOT_SELF_HOSTED');
        if (before.version !== body.version) throw new AppError('STALE_EDIT');
        const evidence = await checkProofEvidence(tx, before, body);
        await repo.setProof(tx, body.id, body.proof_method, evidence, actor.memberId);
        // The records resting on the wallet no longer miss its proof (each move its own audit row).
        await records.reevaluateOnAddressIn(tx, body.id, actor);
        const after = (await repo.byId(tx, body.id))!;
        return {
          result: { success: true as const, wallet: after },
          change: {
            entity: 'vasp_address',
            action: 'record_proof',
            entityId: body.id,
            customerId: after.customer_id,
            before: proofOf(before),
            after: proofOf(after),
          },
        };
      });
    },
  };
}
export type SelfHostedService = ReturnType<typeof createSelfHostedService>;
