import { type TwoFactorStatus, twoFactorApi } from '@backdesk/contract';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { readSetting, readSettingForUpdate, writeSetting } from '../app-settings/app-settings.repository.ts';
import type { Actor, Change, createChanges } from '../audit/changes.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { TWO_FACTOR_REQUIRED_KEY } from '../auth/sign-in-gate.ts';
import { hashToken } from '../auth/tokens.ts';
import type { WebAuthnSite } from '../auth/webauthn-site.ts';
import type { CheckPurpose, CodeCheck, RequestContext, Who } from './code-check.ts';
import { formatRecoveryCode, generateRecoveryCodes } from './recovery-codes.ts';
import { stored } from './second-step.ts';
import type { TwoFactorSecrets } from './secrets.ts';
import { base32Encode, generateTotpKey, otpauthUrl } from './totp.ts';
import type { TwoFactorRepository } from './two-factor.repository.ts';
import { clientChallenge, webAuthn } from './webauthn.ts';

const ENROLMENT_TTL_MS = 10 * 60_000;
const REGISTRATION_TTL_MS = 5 * 60_000;

type RegistrationCredential = z.output<typeof twoFactorApi.RegistrationCredentialSchema>;
type Member = Who & { roles: string[] };

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * A member's own second factors (/settings/2FA), a super's reset of a member and the deployment's
 * requirement. Each change goes through `changes.run` (one audit row on the member) and writes its
 * access-log event; a refused code or password writes its access-log row and changes nothing.
 */
export function createTwoFactorService(deps: {
  db: Db;
  repo: TwoFactorRepository;
  codes: CodeCheck;
  secrets: TwoFactorSecrets;
  changes: ReturnType<typeof createChanges>;
  clock: Clock;
  /** Tells the inbox, in the reset's transaction (a system notice). */
  onReset?: (tx: Tx, target: { id: number; userName: string }, actor: Actor) => Promise<void>;
}) {
  const { db, repo, codes, secrets, changes, clock } = deps;

  /** What the audit row shows of a member's two-factor: which factors, and the recovery codes. */
  async function snapshot(db: DbOrTx, memberId: number) {
    const methods = await repo.methodsOf(db, memberId);
    return {
      authenticator_app: methods.some((m) => m.kind === 'totp'),
      passkeys: methods.filter((m) => m.kind === 'passkey').map((m) => m.name),
      recovery_codes_left: await repo.recoveryCodesLeft(db, memberId),
    };
  }

  /** Ten new codes (the earlier ones stop working); their plain text exists only in this answer. */
  async function issueRecoveryCodes(tx: Tx, memberId: number): Promise<string[]> {
    const fresh = generateRecoveryCodes();
    const hashes = fresh.map((code) => secrets.hashRecoveryCode(memberId, code));
    await repo.replaceRecoveryCodes(tx, memberId, hashes, clock.now());
    return fresh.map(formatRecoveryCode);
  }

  /** The first second factor turns two-factor on: it comes with recovery codes. */
  async function enable(tx: Tx, member: Who, ctx: RequestContext, firstMethod: boolean, method: string) {
    if (!firstMethod) return null;
    await codes.record(tx, member, ctx, 'two_factor_enabled', { method });
    return issueRecoveryCodes(tx, member.id);
  }

  /**
   * Runs a change whose refusal must still leave its access-log row: `work` returns an AppError
   * instead of throwing, the transaction commits the row, and the error is thrown afterwards.
   */
  async function run<T>(
    actor: Actor,
    work: (tx: Tx) => Promise<AppError | { result: T; change: Change | null }>,
  ): Promise<T> {
    const outcome = await changes.run<T | AppError>(actor, async (tx) => {
      const done = await work(tx);
      return done instanceof AppError ? { result: done, change: null } : done;
    });
    if (outcome instanceof AppError) throw outcome;
    return outcome;
  }

  const passwordCheck = async (tx: Tx, memberId: number, password: string) =>
    (await verifyPassword((await repo.member(tx, memberId))?.passwordHash, password))
      ? { password: true }
      : ('CURRENT_PASSWORD_WRONG' as const);

  /**
   * The start of a change only a member with two-factor on can make (new recovery codes, turning it
   * off): the member locked, then `check` under the code throttle. Answers their factors as they were
   * before the change, or why it is refused.
   */
  async function lockEnabledAndCheck(
    tx: Tx,
    member: Who,
    ctx: RequestContext,
    detail: { purpose: CheckPurpose; method: string },
    check: () => Promise<unknown>,
  ) {
    await repo.lockMember(tx, member.id);
    const before = await snapshot(tx, member.id);
    if (!before.authenticator_app && before.passkeys.length === 0)
      return new AppError('TWO_FACTOR_NOT_ENABLED');
    const passed = await codes.attempt(tx, member, ctx, detail, check);
    return passed instanceof AppError ? passed : before;
  }

  return {
    async status(member: Member): Promise<TwoFactorStatus> {
      const methods = await repo.methodsOf(db, member.id);
      const totp = methods.find((m) => m.kind === 'totp');
      const setting = await readSetting<boolean>(db, TWO_FACTOR_REQUIRED_KEY);
      const required = setting?.value === true;
      return {
        enabled: methods.length > 0,
        totp: totp ? { created_at: totp.createdAt.toISOString(), last_used_at: iso(totp.lastUsedAt) } : null,
        passkeys: methods
          .filter((m) => m.kind === 'passkey')
          .map((m) => ({
            id: m.id,
            name: m.name,
            created_at: m.createdAt.toISOString(),
            last_used_at: iso(m.lastUsedAt),
          })),
        recovery_codes_left: await repo.recoveryCodesLeft(db, member.id),
        required_for_admins: { value: required, version: setting?.version ?? 0 },
        required_for_me:
          required && member.roles.some((role) => twoFactorApi.TWO_FACTOR_REQUIRED_ROLES.includes(role)),
      };
    },

    /** A fresh key, kept encrypted as a pending enrolment until a code confirms it. */
    async startTotp(member: Who) {
      if (await repo.totpOf(db, member.id)) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
      const key = generateTotpKey();
      const at = clock.now();
      const expiresAt = new Date(at.getTime() + ENROLMENT_TTL_MS);
      await repo.savePending(db, member.id, secrets.seal(member.id, key), at, expiresAt);
      const url = otpauthUrl(key, member.userName);
      return {
        secret: base32Encode(key),
        otpauth_url: url,
        qr_svg: await (await import('qrcode')).default.toString(url, {
          type: 'svg',
          margin: 2,
          errorCorrectionLevel: 'M',
        }),
        expires_at: expiresAt.toISOString(),
      };
    },

    confirmTotp(member: Who, code: string, actor: Actor, ctx: RequestContext) {
      return run(actor, async (tx) => {
        await repo.lockMember(tx, member.id);
        if (await repo.totpOf(tx, member.id)) return new AppError('TWO_FACTOR_ALREADY_ENABLED');
        const pending = await repo.takePending(tx, member.id);
        if (!pending || pending.expiresAt <= clock.now()) return new AppError('TWO_FACTOR_ENROLMENT_EXPIRED');
        const key = secrets.open(member.id, pending.secretEncrypted);
        const passed = await codes.attempt(tx, member, ctx, { purpose: 'enrol', method: 'totp' }, () =>
          codes.totp(tx, member.id, code, key),
        );
        if (passed instanceof AppError) return passed;
        const before = await snapshot(tx, member.id);
        await repo.insertMethod(tx, {
          memberId: member.id,
          kind: 'totp',
          name: 'Authenticator app',
          secretEncrypted: pending.secretEncrypted,
          // The confirming code is spent: it cannot sign in a second time.
          lastStep: passed.step,
          createdAt: clock.now(),
          lastUsedAt: clock.now(),
        });
        await repo.dropPending(tx, member.id);
        const recoveryCodes = await enable(tx, member, ctx, before.passkeys.length === 0, 'totp');
        return {
          result: { success: true as const, recovery_codes: recoveryCodes },
          change: {
            entity: 'staff_member',
            action: 'enable_two_factor',
            entityId: member.id,
            before,
            after: await snapshot(tx, member.id),
          },
        };
      });
    },

    /** Registration options; the WebAuthn challenge is stored (any node may receive the answer). */
    async passkeyOptions(member: Who & { displayName: string }, site: WebAuthnSite) {
      const keys = (await repo.methodsOf(db, member.id)).filter((m) => m.kind === 'passkey');
      const options = await webAuthn.registrationOptions(site, member, keys.map(stored));
      const at = clock.now();
      await db.transaction((tx) =>
        repo.createChallenge(tx, {
          tokenHash: hashToken(options.challenge),
          memberId: member.id,
          purpose: 'passkey_registration',
          at,
          expiresAt: new Date(at.getTime() + REGISTRATION_TTL_MS),
        }),
      );
      return options;
    },

    addPasskey(
      member: Who,
      name: string,
      credential: RegistrationCredential,
      site: WebAuthnSite,
      actor: Actor,
      ctx: RequestContext,
    ) {
      return run(actor, async (tx) => {
        await repo.lockMember(tx, member.id);
        const challenge = clientChallenge(credential.response.clientDataJSON);
        const row = challenge && (await repo.lockChallenge(tx, hashToken(challenge), 'passkey_registration'));
        if (!row || row.memberId !== member.id || row.usedAt || row.expiresAt <= clock.now())
          return new AppError('TWO_FACTOR_CHALLENGE_EXPIRED');
        if (await repo.nameTaken(tx, member.id, name)) return new AppError('PASSKEY_NAME_TAKEN', { name });
        const verified = await codes.attempt(
          tx,
          member,
          ctx,
          { purpose: 'passkey_registration', method: 'passkey' },
          async () => {
            const key = await webAuthn.verifyRegistration(site, credential as never, challenge!);
            if (!key || (await repo.passkeyByCredential(tx, key.credentialId)))
              return 'PASSKEY_REJECTED' as const;
            return key;
          },
        );
        await repo.spendChallenge(tx, row.tokenHash, clock.now());
        if (verified instanceof AppError) return verified;
        const before = await snapshot(tx, member.id);
        const passkey = await repo.insertMethod(tx, {
          memberId: member.id,
          kind: 'passkey',
          name,
          ...verified,
          createdAt: clock.now(),
        });
        await codes.record(tx, member, ctx, 'passkey_added', { passkey: passkey.id, name });
        const wasOff = !before.authenticator_app && before.passkeys.length === 0;
        const recoveryCodes = await enable(tx, member, ctx, wasOff, 'passkey');
        return {
          result: {
            success: true as const,
            passkey: {
              id: passkey.id,
              name,
              created_at: passkey.createdAt.toISOString(),
              last_used_at: null,
            },
            recovery_codes: recoveryCodes,
          },
          change: {
            entity: 'staff_member',
            action: 'add_passkey',
            entityId: member.id,
            before,
            after: await snapshot(tx, member.id),
          },
        };
      });
    },

    removePasskey(member: Who, id: number, actor: Actor, ctx: RequestContext) {
      return run(actor, async (tx) => {
        await repo.lockMember(tx, member.id);
        const methods = await repo.methodsOf(tx, member.id);
        if (!methods.some((m) => m.id === id && m.kind === 'passkey'))
          return new AppError('PASSKEY_NOT_FOUND');
        // Removing the last factor would turn two-factor off without the password and a code.
        if (methods.length === 1) return new AppError('TWO_FACTOR_LAST_METHOD');
        const before = await snapshot(tx, member.id);
        const removed = (await repo.removePasskey(tx, member.id, id))!;
        const after = await snapshot(tx, member.id);
        await codes.record(tx, member, ctx, 'passkey_removed', { passkey: id, name: removed.name });
        return {
          result: { success: true as const },
          change: { entity: 'staff_member', action: 'remove_passkey', entityId: member.id, before, after },
        };
      });
    },

    renewRecoveryCodes(member: Who, password: string, actor: Actor, ctx: RequestContext) {
      return run(actor, async (tx) => {
        const before = await lockEnabledAndCheck(
          tx,
          member,
          ctx,
          { purpose: 'recovery_codes', method: 'password' },
          () => passwordCheck(tx, member.id, password),
        );
        if (before instanceof AppError) return before;
        const recoveryCodes = await issueRecoveryCodes(tx, member.id);
        await codes.record(tx, member, ctx, 'recovery_codes_renewed', { count: recoveryCodes.length });
        return {
          result: { success: true as const, recovery_codes: recoveryCodes },
          change: {
            entity: 'staff_member',
            action: 'renew_recovery_codes',
            entityId: member.id,
            // The count alone may not change (ten before, ten after): the renewal is the change.
            before: { ...before, recovery_codes_renewed_at: null },
            after: {
              ...(await snapshot(tx, member.id)),
              recovery_codes_renewed_at: clock.now().toISOString(),
            },
          },
        };
      });
    },

    /** Off: needs the password and a current code; every factor and recovery code goes. */
    disable(
      member: Who,
      body: { password: string; method: 'totp' | 'recovery'; code: string },
      actor: Actor,
      ctx: RequestContext,
    ) {
      return run(actor, async (tx) => {
        const before = await lockEnabledAndCheck(
          tx,
          member,
          ctx,
          { purpose: 'disable', method: body.method },
          async () => {
            const password = await passwordCheck(tx, member.id, body.password);
            if (typeof password === 'string') return password;
            return body.method === 'totp'
              ? codes.totp(tx, member.id, body.code)
              : codes.recovery(tx, member, ctx, body.code);
          },
        );
        if (before instanceof AppError) return before;
        await repo.removeAll(tx, member.id);
        await codes.record(tx, member, ctx, 'two_factor_disabled', { by: 'member' });
        return {
          result: { success: true as const },
          change: {
            entity: 'staff_member',
            action: 'disable_two_factor',
            entityId: member.id,
            before,
            after: await snapshot(tx, member.id),
          },
        };
      });
    },

    /** A super's setting; a stale version is refused, an unchanged value writes nothing. */
    setRequirement(required: boolean, version: number, actor: Actor) {
      return changes.run(actor, async (tx) => {
        const current = await readSettingForUpdate<boolean>(tx, TWO_FACTOR_REQUIRED_KEY);
        const was = current?.value === true;
        const currentVersion = current?.version ?? 0;
        if (version !== currentVersion) throw new AppError('STALE_EDIT');
        if (was === required)
          return { result: { success: true as const, value: was, version: currentVersion }, change: null };
        // Otherwise the super would be confined to enrolment by their own switch.
        if (required && (await repo.methodsOf(tx, actor.memberId)).length === 0)
          throw new AppError('TWO_FACTOR_REQUIRE_SELF_FIRST');
        await writeSetting(tx, TWO_FACTOR_REQUIRED_KEY, required, actor.memberId);
        const after = await readSetting<boolean>(tx, TWO_FACTOR_REQUIRED_KEY);
        return {
          result: { success: true as const, value: required, version: after!.version },
          change: {
            entity: 'app_setting',
            action: 'update',
            entityId: TWO_FACTOR_REQUIRED_KEY,
            before: { [TWO_FACTOR_REQUIRED_KEY]: was },
            after: { [TWO_FACTOR_REQUIRED_KEY]: required },
          },
        };
      });
    },

    /** A super removes a member's factors (a lost phone or key); audited and logged on the member. */
    resetMember(targetId: number, actor: Actor, ctx: RequestContext) {
      if (targetId === actor.memberId) throw new AppError('TWO_FACTOR_RESET_OWN');
      return changes.run(actor, async (tx) => {
        const target = await repo.member(tx, targetId);
        if (!target) throw new AppError('MEMBER_NOT_FOUND');
        await repo.lockMember(tx, targetId);
        const before = await snapshot(tx, targetId);
        const removed = await repo.removeAll(tx, targetId);
        if (removed.length === 0 && before.recovery_codes_left === 0) return { result: 0, change: null };
        await codes.record(tx, target, ctx, 'two_factor_reset', {
          resetBy: actor.memberId,
          methods: removed.length,
        });
        await deps.onReset?.(tx, { id: targetId, userName: target.userName }, actor);
        return {
          result: removed.length,
          change: {
            entity: 'staff_member',
            action: 'reset_two_factor',
            entityId: targetId,
            before,
            after: await snapshot(tx, targetId),
          },
        };
      });
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
