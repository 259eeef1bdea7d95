import { randomBytes } from 'node:crypto';
import type { TwoFactorMethod, twoFactorApi } from '@backdesk/contract';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { hashToken } from '../auth/tokens.ts';
import type { WebAuthnSite } from '../auth/webauthn-site.ts';
import type { CodeCheck, RequestContext } from './code-check.ts';
import type { ChallengeRow, TwoFactorRepository } from './two-factor.repository.ts';
import { webAuthn } from './webauthn.ts';

/** How long the second step waits after password and captcha passed. */
export const SIGN_IN_CHALLENGE_TTL_MS = 5 * 60_000;
/** Wrong answers one challenge takes before the member must start again with password and captcha. */
export const SIGN_IN_CHALLENGE_MAX_FAILURES = 5;

/** The member who passed the second step, as the session is opened for them. */
export interface SecondStepPassed {
  member: { id: number; userName: string; roles: string[]; status: string };
  method: TwoFactorMethod;
}

type AuthenticationCredential = z.output<typeof twoFactorApi.AuthenticationCredentialSchema>;

/**
 * The sign-in's second step, for a member with two-factor on: the first step (captcha, user name,
 * password) ends with `begin`, which stores a single-use challenge bound to the member, and hands its
 * token to the browser instead of a session. The token, with a code or a passkey, opens the session.
 */
export function createSecondStep(deps: { repo: TwoFactorRepository; codes: CodeCheck; clock: Clock }) {
  const { repo, codes, clock } = deps;

  /** The challenge of `token` locked, if it can still be answered; else the refusal, logged. */
  async function liveChallenge(tx: Tx, token: string, ctx: RequestContext, method: TwoFactorMethod) {
    const row = await repo.lockChallenge(tx, hashToken(token), 'sign_in');
    const now = clock.now();
    const member = row && (await repo.member(tx, row.memberId));
    const live =
      row && member && !row.usedAt && row.expiresAt > now && row.failures < SIGN_IN_CHALLENGE_MAX_FAILURES;
    if (live) return { row, member };
    await codes.record(tx, member ?? null, ctx, 'two_factor_failed', {
      purpose: 'sign_in',
      method,
      reason: 'TWO_FACTOR_CHALLENGE_EXPIRED',
    });
    return new AppError('TWO_FACTOR_CHALLENGE_EXPIRED');
  }

  /** Checks with the challenge's member; a wrong answer counts against the challenge too. */
  async function answer(
    tx: Tx,
    token: string,
    ctx: RequestContext,
    method: TwoFactorMethod,
    check: (row: ChallengeRow, who: { id: number; userName: string }) => Promise<AppError | unknown>,
  ): Promise<SecondStepPassed | AppError> {
    const live = await liveChallenge(tx, token, ctx, method);
    if (live instanceof AppError) return live;
    const { row, member } = live;
    const outcome = await check(row, member);
    if (outcome instanceof AppError) {
      if (outcome.code !== 'TWO_FACTOR_THROTTLED') await repo.countChallengeFailure(tx, row.tokenHash);
      return outcome;
    }
    await repo.spendChallenge(tx, row.tokenHash, clock.now());
    return { member, method };
  }

  return {
    /** What the member can answer with; empty when two-factor is off for them. */
    async methodsFor(db: DbOrTx, memberId: number): Promise<TwoFactorMethod[]> {
      const kinds = new Set((await repo.methodsOf(db, memberId)).map((m) => m.kind as TwoFactorMethod));
      if (kinds.size === 0) return [];
      if ((await repo.recoveryCodesLeft(db, memberId)) > 0) kinds.add('recovery');
      return (['totp', 'passkey', 'recovery'] as const).filter((kind) => kinds.has(kind));
    },

    /** Stores a fresh challenge for the member (in the first step's transaction); its token. */
    async begin(tx: Tx, memberId: number): Promise<string> {
      const token = `bd_2f_${randomBytes(32).toString('base64url')}`;
      const at = clock.now();
      await repo.createChallenge(tx, {
        tokenHash: hashToken(token),
        memberId,
        purpose: 'sign_in',
        at,
        expiresAt: new Date(at.getTime() + SIGN_IN_CHALLENGE_TTL_MS),
      });
      return token;
    },

    /** An authenticator-app code or a recovery code. */
    passWithCode(tx: Tx, token: string, method: 'totp' | 'recovery', code: string, ctx: RequestContext) {
      return answer(tx, token, ctx, method, (_row, who) =>
        codes.attempt<{ step: number } | { left: number }>(
          tx,
          who,
          ctx,
          { purpose: 'sign_in', method },
          () => (method === 'totp' ? codes.totp(tx, who.id, code) : codes.recovery(tx, who, ctx, code)),
        ),
      );
    },

    /** WebAuthn options listing the member's passkeys; the WebAuthn challenge is kept with the step's. */
    async passkeyOptions(tx: Tx, token: string, site: WebAuthnSite, ctx: RequestContext) {
      const live = await liveChallenge(tx, token, ctx, 'passkey');
      if (live instanceof AppError) return live;
      const keys = (await repo.methodsOf(tx, live.member.id)).filter((m) => m.kind === 'passkey');
      if (keys.length === 0) return new AppError('PASSKEY_UNKNOWN');
      const options = await webAuthn.authenticationOptions(site, keys.map(stored));
      await repo.setWebauthnChallenge(tx, live.row.tokenHash, options.challenge);
      return options;
    },

    /** A passkey's assertion: it must be one of this member's, over the challenge given out. */
    passWithPasskey(
      tx: Tx,
      token: string,
      credential: AuthenticationCredential,
      site: WebAuthnSite,
      ctx: RequestContext,
    ) {
      return answer(tx, token, ctx, 'passkey', (row, who) =>
        codes.attempt(tx, who, ctx, { purpose: 'sign_in', method: 'passkey' }, async () => {
          const key = await repo.passkeyByCredential(tx, credential.id);
          if (!key || key.memberId !== who.id) return 'PASSKEY_UNKNOWN' as const;
          if (!row.webauthnChallenge) return 'PASSKEY_REJECTED' as const;
          const counter = await webAuthn.verifyAuthentication(
            site,
            credential as never,
            row.webauthnChallenge,
            stored(key),
          );
          if (counter === null) return 'PASSKEY_REJECTED' as const;
          await repo.usePasskey(tx, key.id, counter, clock.now());
          return { passkey: key.id };
        }),
      );
    },
  };
}
export type SecondStep = ReturnType<typeof createSecondStep>;

export const stored = (m: {
  credentialId: string | null;
  publicKey: Buffer | null;
  counter: number | null;
  transports: string[] | null;
}) => ({
  credentialId: m.credentialId!,
  publicKey: m.publicKey!,
  counter: m.counter ?? 0,
  transports: m.transports,
});
