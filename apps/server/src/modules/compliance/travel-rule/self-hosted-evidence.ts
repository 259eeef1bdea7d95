import type { complianceApi } from '@backdesk/contract';
import { isEvmNetwork, type ProofVerifier } from '@backdesk/contract/compliance/keys';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recoverPersonalSigner } from './evm-signature.ts';

type ProofBody = z.output<typeof complianceApi.recordSelfHostedProof.body>;

/** What a proof keeps beside its method (migration 0061). */
export interface ProofEvidence {
  message: string | null;
  signature: string | null;
  txHash: string | null;
  transactionId: number | null;
  verifiedBy: ProofVerifier;
}

interface Wallet {
  network: string;
  address: string;
  customer_id: number | null;
}

const at = (path: string, code: string) => ({ issues: [{ path, message: code, code }] });

/**
 * Checks a proof's evidence against the wallet (docs/decisions/0026-travel-rule.md, "Self-hosted
 * proofs: the evidence kept and checked"). On an EVM network Backdesk recovers the message's signer
 * and a test transfer must be a deposit of its own ledger; any other signature the officer vouches for.
 */
export async function checkProofEvidence(
  tx: DbOrTx,
  wallet: Wallet,
  body: ProofBody,
): Promise<ProofEvidence> {
  const evm = isEvmNetwork(wallet.network);
  if (body.proof_method === 'test_transfer') {
    const hash = body.tx_hash!;
    // Hashes are hex: one pasted in capitals is the same transfer (both spellings hit the hash index).
    const { rows } = await tx.execute<{ id: number }>(sql`
      SELECT id::int FROM wallet_transactions
      WHERE tx_hash IN (${hash}, ${hash.toLowerCase()}) AND type = 'deposit' AND status <> 'failed'
        AND customer_id = ${wallet.customer_id} AND upper(network) = upper(${wallet.network})
        AND ${evm ? sql`lower(from_address) = lower(${wallet.address})` : sql`from_address = ${wallet.address}`}
      ORDER BY id LIMIT 1`);
    if (!rows[0])
      throw new AppError(
        'PROOF_TEST_TRANSFER_NOT_FOUND',
        { network: wallet.network },
        at('tx_hash', 'PROOF_TEST_TRANSFER_NOT_FOUND'),
      );
    return {
      message: null,
      signature: null,
      txHash: hash,
      transactionId: rows[0].id,
      verifiedBy: 'backdesk',
    };
  }
  const message = body.message!;
  const signature = body.signature!;
  // A message naming the wallet cannot be replayed as the proof of another one.
  if (!message.toLowerCase().includes(wallet.address.toLowerCase()))
    throw new AppError('PROOF_MESSAGE_WITHOUT_ADDRESS', {}, at('message', 'PROOF_MESSAGE_WITHOUT_ADDRESS'));
  if (!evm) return { message, signature, txHash: null, transactionId: null, verifiedBy: 'officer' };
  const signer = recoverPersonalSigner(message, signature);
  if (signer === null)
    throw new AppError(
      'PROOF_SIGNATURE_MALFORMED',
      { network: wallet.network },
      at('signature', 'PROOF_SIGNATURE_MALFORMED'),
    );
  if (signer !== wallet.address.toLowerCase())
    throw new AppError('PROOF_SIGNER_MISMATCH', { signer }, at('signature', 'PROOF_SIGNER_MISMATCH'));
  return { message, signature, txHash: null, transactionId: null, verifiedBy: 'backdesk' };
}
