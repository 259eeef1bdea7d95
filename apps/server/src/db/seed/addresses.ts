import { hash } from 'node:crypto';
import type { Rng } from './prng.ts';

/**
 * Addresses and hashes in the exact shape each network uses, checksums included, so that staff
 * pasting one into a block explorer or an IBAN checker see a well-formed value.
 */

/** How a rail's addresses look: Tron base58, EVM hex, Bitcoin bech32 or a bank IBAN. */
export type AddressKind = 'tron' | 'evm' | 'bitcoin' | 'bank';

export const ADDRESS_KINDS: readonly AddressKind[] = ['tron', 'evm', 'bitcoin', 'bank'];

export const evmAddress = (rng: Rng): string => `0x${rng.hex(40)}`;

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** 58^5: converting in groups of five base58 digits keeps the carries exact and the loop short. */
const BIG = 656_356_768;

function base58(bytes: Uint8Array): string {
  const groups = [0]; // least significant first, each holding five base58 digits
  for (const byte of bytes) {
    let carry = byte;
    for (let i = 0; i < groups.length; i++) {
      carry += groups[i]! * 256;
      groups[i] = carry % BIG;
      carry = Math.floor(carry / BIG);
    }
    while (carry > 0) {
      groups.push(carry % BIG);
      carry = Math.floor(carry / BIG);
    }
  }
  let digits = '';
  for (let i = groups.length - 1; i >= 0; i--) {
    let group = groups[i]!;
    let chunk = '';
    for (let j = 0; j < 5; j++) {
      chunk = BASE58[group % 58] + chunk;
      group = Math.floor(group / 58);
    }
    digits += chunk;
  }
  digits = digits.replace(/^1+/, ''); // zero digits of the value itself
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  return '1'.repeat(zeros) + digits;
}

const sha256 = (data: Uint8Array) => hash('sha256', data, 'buffer');

/** Tron: base58check of 0x41 followed by 20 bytes — always 34 characters starting with T. */
export function tronAddress(rng: Rng): string {
  const payload = new Uint8Array(25);
  payload[0] = 0x41;
  payload.set(rng.bytes(20), 1);
  payload.set(sha256(sha256(payload.subarray(0, 21))).subarray(0, 4), 21);
  return base58(payload);
}

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATORS = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function polymod(values: number[]): number {
  let chk = 1;
  for (const value of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GENERATORS[i]!;
  }
  return chk;
}

/** Bitcoin native segwit (P2WPKH, BIP 173): bc1q… with a valid bech32 checksum. */
export function bitcoinAddress(rng: Rng): string {
  const program = rng.bytes(20);
  const data = [0]; // witness version 0
  let acc = 0;
  let bits = 0;
  for (const byte of program) {
    acc = (acc << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      data.push((acc >>> bits) & 31);
    }
  }
  if (bits > 0) data.push((acc << (5 - bits)) & 31);
  const hrp = [3, 3, 0, 2, 3]; // "bc" expanded: high bits, separator, low bits
  const mod = polymod([...hrp, ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
  let out = 'bc1';
  for (const d of data) out += BECH32[d];
  for (let i = 0; i < 6; i++) out += BECH32[(mod >>> (5 * (5 - i))) & 31];
  return out;
}

/** Turkish bank codes of large banks (Ziraat, Halkbank, VakıfBank, Akbank, Garanti, İş, Yapı Kredi…). */
const TR_BANK_CODES = [
  '00010',
  '00012',
  '00015',
  '00046',
  '00062',
  '00064',
  '00067',
  '00111',
  '00032',
  '00134',
];

/** A Turkish IBAN (26 characters) with correct ISO 7064 mod-97 check digits. */
export function turkishIban(rng: Rng): string {
  let account = '';
  for (let i = 0; i < 16; i++) account += String(rng.int(0, 9));
  const bban = `${rng.pick(TR_BANK_CODES)}0${account}`;
  let rest = 0;
  for (const ch of `${bban}292700`) rest = (rest * 10 + (ch.charCodeAt(0) - 48)) % 97; // T=29, R=27
  return `TR${String(98 - rest).padStart(2, '0')}${bban}`;
}

export function addressFor(rng: Rng, kind: AddressKind): string {
  switch (kind) {
    case 'tron':
      return tronAddress(rng);
    case 'evm':
      return evmAddress(rng);
    case 'bitcoin':
      return bitcoinAddress(rng);
    case 'bank':
      return turkishIban(rng);
  }
}

/** Ethereum shows hashes with 0x; Tron and Bitcoin explorers show bare hex. */
export function txHashFor(rng: Rng, kind: AddressKind): string | null {
  if (kind === 'bank') return null;
  return kind === 'evm' ? `0x${rng.hex(64)}` : rng.hex(64);
}

/** A random (version 4, RFC 4122 variant) UUID drawn from the seeded generator. */
export function uuidV4(rng: Rng): string {
  const h = rng.hex(32);
  const variant = '89ab'[rng.int(0, 3)];
  const [time, mid, rest] = [h.slice(0, 8), h.slice(8, 12), h.slice(20, 32)];
  return `${time}-${mid}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${rest}`;
}
