import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUrl, timeStep, totp } from './totp.ts';

// RFC 6238 appendix B: the seed is ASCII "12345678901234567890" (repeated for SHA-256/512), 8 digits.
const SEED = {
  sha1: Buffer.from('12345678901234567890'),
  sha256: Buffer.from('12345678901234567890123456789012'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
};
const VECTORS: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238) and HOTP (RFC 4226)', () => {
  it.each(VECTORS)('at %i s gives the RFC test vectors', (seconds, sha1, sha256, sha512) => {
    const at = new Date(seconds * 1000);
    expect(totp(SEED.sha1, at, 8, 'sha1')).toBe(sha1);
    expect(totp(SEED.sha256, at, 8, 'sha256')).toBe(sha256);
    expect(totp(SEED.sha512, at, 8, 'sha512')).toBe(sha512);
  });

  it('gives the RFC 4226 appendix D values for counters 0 to 9', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(SEED.sha1, counter))).toEqual(expected);
  });

  it('round-trips base32 and decodes the RFC 4648 examples', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI======').toString()).toBe('foobar');
    const key = Buffer.from('0123456789abcdefghij');
    expect(base32Decode(base32Encode(key))).toEqual(key);
    expect(() => base32Decode('not base32!')).toThrow();
  });

  it('accepts the steps either side of now, calls older ones expired and others wrong', () => {
    const at = new Date('2026-01-01T00:00:15Z');
    const step = timeStep(at);
    const key = SEED.sha1;
    expect(matchTotp(key, hotp(key, step), at)).toEqual({ step });
    expect(matchTotp(key, hotp(key, step - 1), at)).toEqual({ step: step - 1 });
    expect(matchTotp(key, hotp(key, step + 1), at)).toEqual({ step: step + 1 });
    expect(matchTotp(key, hotp(key, step - 3), at)).toEqual({ expired: true });
    expect(matchTotp(key, hotp(key, step + 3), at)).toBeNull();
    const wrong = String((Number(hotp(key, step)) + 1) % 1_000_000).padStart(6, '0');
    expect(matchTotp(key, wrong, at)).toBeNull();
  });

  it('builds the otpauth URL apps scan', () => {
    expect(otpauthUrl(Buffer.from('foobar'), 'ada.l')).toBe(
      'otpauth://totp/Backdesk:ada.l?secret=MZXW6YTBOI&issuer=Backdesk&algorithm=SHA1&digits=6&period=30',
    );
  });
});
