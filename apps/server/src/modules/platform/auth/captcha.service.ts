import { authApi, type CaptchaChallenge } from '@backdesk/contract';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { z } from 'zod';
import { required } from 'zod/mini';
import type { DbOrTx } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { CaptchaRepository } from './captcha.repository.ts';

export interface CaptchaSettings {
  counterMin: number;
  counterMax: number;
  ttlSeconds: number;
}

/** What the browser posts (base64 JSON): the signed challenge it was given, and its solution. */
const PayloadSchema = z.object({
  challenge: required(authApi.CaptchaChallengeSchema, { signature: true }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string().max(256) }),
});

function decodePayload(token: string) {
  try {
    return PayloadSchema.safeParse(JSON.parse(Buffer.from(token, 'base64').toString('utf8'))).data;
  } catch {
    return undefined;
  }
}

/**
 * ALTCHA proof of work in deterministic mode: the server picks the counter and signs the derived
 * key, so verifying is one HMAC while solving costs the browser about `counter` hashes.
 * A challenge's expiry comes from the app's clock and is checked against it here; altcha-lib also
 * compares it with the wall clock, so a clock set behind real time makes every challenge expired.
 */
export function createCaptchaService(deps: {
  secret: string;
  settings: CaptchaSettings;
  repo: CaptchaRepository;
  clock: Clock;
}) {
  const hmacSignatureSecret = `${deps.secret}:captcha`;
  const hmacKeySignatureSecret = `${deps.secret}:captcha-key`;

  return {
    async issue(): Promise<CaptchaChallenge> {
      const { counterMin, counterMax, ttlSeconds } = deps.settings;
      const challenge = await createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: randomInt(counterMin, counterMax),
        deriveKey,
        expiresAt: Math.floor(deps.clock.now().getTime() / 1000) + ttlSeconds,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
      return challenge as CaptchaChallenge;
    },

    /** True once per solved challenge: a replay, even a concurrent one, gets false. */
    async redeem(db: DbOrTx, token: string): Promise<boolean> {
      const payload = decodePayload(token);
      if (!payload) return false;
      const now = deps.clock.now();
      const expiresAt = new Date((payload.challenge.parameters.expiresAt ?? 0) * 1000);
      if (expiresAt <= now) return false;
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }).catch(() => undefined);
      if (!result?.verified) return false;
      return deps.repo.claim(db, payload.challenge.signature, expiresAt, now);
    },
  };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;
