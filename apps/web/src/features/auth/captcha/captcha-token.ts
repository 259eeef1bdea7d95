import type { CaptchaChallenge } from '@backdesk/contract';

/** What altcha-lib's solver returns. */
export interface CaptchaSolution {
  counter: number;
  derivedKey: string;
  time?: number;
}

/** The ALTCHA v2 payload the server verifies: base64 of `{ challenge, solution }`. */
export const encodeCaptchaToken = (challenge: CaptchaChallenge, solution: CaptchaSolution): string =>
  btoa(JSON.stringify({ challenge, solution }));

/** Renew a little before the server's deadline so a token is never submitted just as it lapses. */
const EXPIRY_MARGIN_MS = 3000;

/** Milliseconds until the challenge should be replaced; undefined when it never expires. */
export function msUntilRenewal(challenge: CaptchaChallenge, now: number): number | undefined {
  const expiresAt = challenge.parameters.expiresAt;
  return expiresAt === undefined ? undefined : Math.max(0, expiresAt * 1000 - now - EXPIRY_MARGIN_MS);
}
