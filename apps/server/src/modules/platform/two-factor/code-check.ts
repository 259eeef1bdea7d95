import { type ErrorCode, twoFactorApi } from '@backdesk/contract';
import type { Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { AccessEvent, AccessLogRepository } from '../access-log/access-log.repository.ts';
import type { LoginThrottle } from '../auth/login-throttle.ts';
import type { TwoFactorSecrets } from './secrets.ts';
import { matchTotp } from './totp.ts';
import type { TwoFactorRepository } from './two-factor.repository.ts';

export interface Who {
  id: number;
  userName: string;
}

export interface RequestContext {
  ip: string;
  userAgent: string | null;
}

/** Why a check is made, kept in the access-log row: the sign-in, a set-up confirmation, turning off… */
export type CheckPurpose = 'sign_in' | 'enrol' | 'passkey_registration' | 'disable' | 'recovery_codes';

/**
 * Every two-factor code check goes through `attempt`: the member's throttle first (their lock held
 * until the transaction ends, so concurrent guesses are counted one by one), then the check, then an
 * access-log row for whatever happened. Outcomes are returned, not thrown, so the row commits.
 */
export function createCodeCheck(deps: {
  repo: TwoFactorRepository;
  secrets: TwoFactorSecrets;
  throttle: Pick<LoginThrottle, 'secondStepRetryAfterSeconds'>;
  accessLog: AccessLogRepository;
  clock: Clock;
}) {
  const { repo, secrets, throttle, accessLog, clock } = deps;

  /** An access-log row; `who` is null for a challenge nobody holds (an unknown token). */
  const record = (tx: Tx, who: Who | null, ctx: RequestContext, event: AccessEvent, detail: object) =>
    accessLog.record(tx, {
      event,
      at: clock.now(),
      memberId: who?.id ?? null,
      userName: who?.userName ?? null,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      detail: { ...detail },
    });

  /** A code from the authenticator app: accepted once per time step, on every node. */
  async function totpFailure(
    tx: Tx,
    memberId: number,
    rawCode: string,
    key?: Buffer,
  ): Promise<ErrorCode | { step: number }> {
    const code = twoFactorApi.TotpCodeSchema.safeParse(rawCode).data;
    if (!code) return 'TWO_FACTOR_CODE_INVALID';
    const method = key ? undefined : await repo.totpOf(tx, memberId);
    if (!key && !method) return 'TWO_FACTOR_CODE_INVALID';
    const secret = key ?? secrets.open(memberId, method!.secretEncrypted!);
    const match = matchTotp(secret, code, clock.now());
    if (!match) return 'TWO_FACTOR_CODE_INVALID';
    if ('expired' in match) return 'TWO_FACTOR_CODE_EXPIRED';
    if (method && !(await repo.acceptStep(tx, method.id, match.step, clock.now())))
      return 'TWO_FACTOR_CODE_REUSED';
    return { step: match.step };
  }

  async function recoveryFailure(tx: Tx, memberId: number, rawCode: string): Promise<ErrorCode | null> {
    const code = twoFactorApi.RecoveryCodeSchema.safeParse(rawCode).data;
    if (!code) return 'RECOVERY_CODE_INVALID';
    const hash = secrets.hashRecoveryCode(memberId, code);
    if (await repo.useRecoveryCode(tx, memberId, hash, clock.now())) return null;
    return (await repo.recoveryCodeExists(tx, memberId, hash))
      ? 'RECOVERY_CODE_USED'
      : 'RECOVERY_CODE_INVALID';
  }

  return {
    record,

    /**
     * Runs `check` unless the member must wait; `check` answers an error code, or what passed.
     * A pass is logged `two_factor_passed` (it also starts the member's count afresh).
     */
    async attempt<T>(
      tx: Tx,
      who: Who,
      ctx: RequestContext,
      detail: { purpose: CheckPurpose; method: string },
      check: () => Promise<ErrorCode | T>,
    ): Promise<AppError | T> {
      const retryAfterSeconds = await throttle.secondStepRetryAfterSeconds(tx, who.id);
      if (retryAfterSeconds !== undefined) {
        await record(tx, who, ctx, 'two_factor_throttled', { ...detail, retryAfterSeconds });
        return new AppError('TWO_FACTOR_THROTTLED', {}, { retryAfterSeconds });
      }
      const outcome = await check();
      if (typeof outcome === 'string') {
        await record(tx, who, ctx, 'two_factor_failed', { ...detail, reason: outcome });
        return new AppError(outcome as ErrorCode);
      }
      await record(tx, who, ctx, 'two_factor_passed', detail);
      return outcome;
    },

    /** The member's current authenticator-app code, or a pending enrolment's (`key`). */
    totp: (tx: Tx, memberId: number, code: string, key?: Buffer) => totpFailure(tx, memberId, code, key),

    /** A recovery code, spent if it passes (its own `recovery_code_used` row, with how many are left). */
    async recovery(
      tx: Tx,
      who: Who,
      ctx: RequestContext,
      code: string,
    ): Promise<ErrorCode | { left: number }> {
      const failure = await recoveryFailure(tx, who.id, code);
      if (failure) return failure;
      const left = await repo.recoveryCodesLeft(tx, who.id);
      await record(tx, who, ctx, 'recovery_code_used', { left });
      return { left };
    },
  };
}
export type CodeCheck = ReturnType<typeof createCodeCheck>;
