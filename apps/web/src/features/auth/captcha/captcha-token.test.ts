import type { CaptchaChallenge } from '@backdesk/contract';
import { describe, expect, it } from 'vitest';
import { encodeCaptchaToken, msUntilRenewal } from './captcha-token.ts';

const challenge: CaptchaChallenge = {
  parameters: {
    algorithm: 'SHA-256',
    nonce: 'ab',
    salt: 'cd',
    cost: 1,
    keyLength: 32,
    keyPrefix: '0f',
    keySignature: 'ee',
    expiresAt: 1_700_000_060,
  },
  signature: 'ff',
};

describe('captcha token', () => {
  it('is base64 of the challenge and the solution', () => {
    const token = encodeCaptchaToken(challenge, { counter: 7, derivedKey: '0fa1' });
    expect(JSON.parse(atob(token))).toEqual({ challenge, solution: { counter: 7, derivedKey: '0fa1' } });
  });

  it('renews a few seconds before the challenge expires', () => {
    expect(msUntilRenewal(challenge, 1_700_000_000_000)).toBe(57_000);
    expect(msUntilRenewal(challenge, 1_700_000_100_000)).toBe(0);
    expect(
      msUntilRenewal({ ...challenge, parameters: { ...challenge.parameters, expiresAt: undefined } }, 0),
    ).toBe(undefined);
  });
});
