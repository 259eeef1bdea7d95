import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/** The hash an EIP-191 `personal_sign` signature is made over: "\x19Ethereum Signed Message:\n" + length + message. */
export function personalMessageHash(message: string): Uint8Array {
  const body = utf8ToBytes(message);
  const prefix = utf8ToBytes(`\x19Ethereum Signed Message:\n${body.length}`);
  const joined = new Uint8Array(prefix.length + body.length);
  joined.set(prefix);
  joined.set(body, prefix.length);
  return keccak_256(joined);
}

/** The 0x address of a public key: the last 20 bytes of the keccak-256 of its uncompressed point. */
export function evmAddressOf(publicKey: Uint8Array): string {
  const point = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return `0x${bytesToHex(keccak_256(point.subarray(1)).subarray(-20))}`;
}

/**
 * The lower-case address that signed `message` with `personal_sign`, or null when the signature is
 * not a recoverable one (not 65 bytes r‖s‖v, v outside 27/28 or 0/1, a high s, a point off the curve).
 */
export function recoverPersonalSigner(message: string, signature: string): string | null {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return null;
  const bytes = hexToBytes(signature.slice(2));
  const v = bytes[64]!;
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) return null;
  // noble reads a recovered signature as recovery‖r‖s; Ethereum writes r‖s‖v.
  const recovered = new Uint8Array(65);
  recovered[0] = recovery;
  recovered.set(bytes.subarray(0, 64), 1);
  try {
    const publicKey = secp256k1.recoverPublicKey(recovered, personalMessageHash(message), { prehash: false });
    return evmAddressOf(publicKey);
  } catch {
    return null;
  }
}

/** A `personal_sign` signature of `message` by `secretKey` (the demo's wallets and the tests). */
export function personalSign(message: string, secretKey: Uint8Array): string {
  const sig = secp256k1.sign(personalMessageHash(message), secretKey, {
    prehash: false,
    format: 'recovered',
  });
  return `0x${bytesToHex(sig.subarray(1))}${(sig[0]! + 27).toString(16)}`;
}

/** The address of a secret key. */
export const evmAddressOfSecret = (secretKey: Uint8Array): string =>
  evmAddressOf(secp256k1.getPublicKey(secretKey, false));
