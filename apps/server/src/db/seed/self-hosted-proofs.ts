import { isEvmNetwork, type ProofVerifier, type SelfHostedProof } from '@backdesk/contract/compliance/keys';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type pg from 'pg';
import { evmAddressOfSecret, personalSign } from '../../modules/compliance/travel-rule/evm-signature.ts';

/** The seeded transfer a proved self-hosted wallet rests on. */
export interface ProvedTransfer {
  id: string;
  customer_id: string;
  type: 'deposit' | 'withdrawal';
  network: string;
  address: string;
  tx_hash: string;
  status: string;
}

export interface DemoProof {
  /** The wallet's address: on an EVM network, the one of the key that signed (the transfer moved to it). */
  address: string;
  method: SelfHostedProof;
  message: string | null;
  signature: string | null;
  txHash: string | null;
  transactionId: string | null;
  verifiedBy: ProofVerifier;
}

/**
 * A proved demo wallet's evidence, as Backdesk checks it (decision 0026): on an EVM network a real
 * `personal_sign` signature by a key derived from the transfer's id, the transfer moved to the key's
 * address so the proof verifies; elsewhere the deposit itself as the test transfer, or, for a
 * withdrawal (or a failed deposit), a signed message the officer checked (Backdesk cannot verify it).
 */
export async function demoProof(pool: pg.Pool, t: ProvedTransfer): Promise<DemoProof> {
  const message = (address: string) =>
    `Backdesk Demo Borsası: I, customer ${t.customer_id}, own the wallet ${address}. Challenge ${t.id}`;
  if (isEvmNetwork(t.network)) {
    const secret = keccak_256(utf8ToBytes(`backdesk demo self-hosted wallet ${t.id}`));
    const address = evmAddressOfSecret(secret);
    const column = t.type === 'withdrawal' ? 'to_address' : 'from_address';
    await pool.query(`UPDATE wallet_transactions SET ${column} = $1 WHERE id = $2`, [address, t.id]);
    const text = message(address);
    return {
      address,
      method: 'signed_message',
      message: text,
      signature: personalSign(text, secret),
      txHash: null,
      transactionId: null,
      verifiedBy: 'backdesk',
    };
  }
  // A failed deposit proves nothing (Backdesk's check refuses it).
  if (t.type === 'deposit' && t.status !== 'failed')
    return {
      address: t.address,
      method: 'test_transfer',
      message: null,
      signature: null,
      txHash: t.tx_hash,
      transactionId: t.id,
      verifiedBy: 'backdesk',
    };
  // 65 bytes in base64, the shape of a Bitcoin message signature; only the officer vouches for it.
  const bytes = new Uint8Array(65);
  bytes.set(sha256(utf8ToBytes(`sig ${t.id}`)));
  bytes.set(sha256(utf8ToBytes(`sig2 ${t.id}`)), 32);
  bytes[0] = 31;
  return {
    address: t.address,
    method: 'signed_message',
    message: message(t.address),
    signature: Buffer.from(bytes).toString('base64'),
    txHash: null,
    transactionId: null,
    verifiedBy: 'officer',
  };
}
