import { createHmac, randomBytes } from 'node:crypto';

/**
 * One-time passwords as authenticator apps make them: HOTP (RFC 4226) over 30-second time steps
 * (TOTP, RFC 6238), HMAC-SHA-1 and 6 digits — the parameters every app supports by default.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of the current one still accepted: a phone's clock a little off, a slow typist. */
export const TOTP_DRIFT_STEPS = 1;
/** How far back a code counts as "expired" rather than "wrong" (5 minutes). */
const EXPIRED_LOOKBACK_STEPS = 10;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding, as otpauth URLs carry keys. */
export function base32Encode(bytes: Buffer): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('Not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** A new shared key: 20 random bytes, the HMAC-SHA-1 block RFC 4226 recommends. */
export const generateTotpKey = (): Buffer => randomBytes(20);

/** RFC 4226: the dynamic truncation of HMAC(key, counter) to `digits` decimal digits. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS, algorithm = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step a moment falls in. */
export const timeStep = (at: Date): number => Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);

export const totp = (key: Buffer, at: Date, digits = TOTP_DIGITS, algorithm = 'sha1'): string =>
  hotp(key, timeStep(at), digits, algorithm);

/** Constant-time comparison of two codes of the same length. */
function sameCode(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export type TotpMatch = { step: number } | { expired: true } | null;

/**
 * Which time step a code belongs to: within ±TOTP_DRIFT_STEPS of now it is accepted (the step is
 * returned, so the caller can refuse a replay); from the few minutes before that it is "expired".
 */
export function matchTotp(key: Buffer, code: string, at: Date): TotpMatch {
  const now = timeStep(at);
  for (let offset = -TOTP_DRIFT_STEPS; offset <= TOTP_DRIFT_STEPS; offset++) {
    if (sameCode(hotp(key, now + offset), code)) return { step: now + offset };
  }
  for (let step = now - TOTP_DRIFT_STEPS - 1; step >= now - EXPIRED_LOOKBACK_STEPS; step--) {
    if (sameCode(hotp(key, step), code)) return { expired: true };
  }
  return null;
}

/** The otpauth URL authenticator apps scan (Key Uri Format), labelled "Backdesk:<user name>". */
export function otpauthUrl(key: Buffer, account: string, issuer = 'Backdesk'): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret: base32Encode(key),
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${params}`;
}
