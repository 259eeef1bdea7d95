import {
  type NotificationEvent,
  type NotificationPreference,
  type PasswordProblem,
  type Profile,
  settingsApi,
} from '@backdesk/contract';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Changes } from '../../platform/audit/changes.ts';
import type { MembersRepository } from '../../platform/auth/members.repository.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import { isKnownTimeZone } from '../../reports/index.ts';
import type { MemberSessionsRepository } from '../members/member-sessions.repository.ts';
import { checkNewPassword, passwordRejected } from '../members/password-policy.ts';
import type { Caller, StaffEvents } from '../members/staff-events.ts';
import type { NotificationPreferencesRepository } from './notification-preferences.repository.ts';

type Body<S extends z.ZodType> = z.output<S>;

/** The full list of choices: what the member stored, the default for the rest. */
function withDefaults(stored: NotificationPreference[]): NotificationPreference[] {
  const byKey = new Map(stored.map((p) => [settingsApi.notificationEventKey(p), p]));
  return settingsApi.NOTIFICATION_EVENTS.map((event: NotificationEvent) => {
    const chosen = byKey.get(settingsApi.notificationEventKey(event));
    return {
      ...event,
      ...(chosen
        ? { inbox: chosen.inbox, desktop: chosen.desktop }
        : settingsApi.defaultNotificationPreference(event)),
    };
  });
}

/** A choice as the audit trail words it: which channels the event reaches. */
const channels = (p: NotificationPreference) =>
  [p.inbox ? 'inbox' : null, p.desktop ? 'desktop' : null].filter((c): c is string => c !== null);
const auditField = (p: NotificationPreference) =>
  `notify_${settingsApi.notificationEventKey(p).replace('.', '_')}`;

/**
 * The signed-in member's own settings. Each call acts on the caller only; changes are audited on
 * the member (entity `staff_member`), password and sign-in events go to the access log.
 */
export function createSettingsService(deps: {
  db: Db;
  members: MembersRepository;
  sessions: MemberSessionsRepository;
  notifications: NotificationPreferencesRepository;
  changes: Changes;
  events: StaffEvents;
  clock: Clock;
}) {
  const { db, members, sessions, notifications, changes, events, clock } = deps;

  const profileOf = async (tx: DbOrTx, id: number): Promise<Profile> => (await members.profile(tx, id))!;

  /** What the member may not repeat: a password they gave up, or the one they have. */
  async function reused(memberId: number, password: string): Promise<boolean> {
    for (const hash of await members.recentPasswordHashes(db, memberId)) {
      if (await verifyPassword(hash, password)) return true;
    }
    return false;
  }

  /**
   * A change to the caller's own settings, under their row's lock, audited as an `update` of the
   * member: `work` answers the result and the fields as they were and are.
   */
  function updateOwn<T>(
    caller: Caller,
    work: (
      tx: Tx,
      id: number,
    ) => Promise<{ result: T; before: Record<string, unknown>; after: Record<string, unknown> }>,
  ): Promise<T> {
    const id = caller.actor.memberId;
    return changes.run(caller.actor, async (tx) => {
      await members.lock(tx, id);
      const { result, before, after } = await work(tx, id);
      return { result, change: { entity: 'staff_member', action: 'update', entityId: id, before, after } };
    });
  }

  async function refusePassword(
    caller: Caller,
    subject: Profile,
    code: string,
    detail: Record<string, unknown>,
  ) {
    await events.about(db, 'password_change_failed', subject, caller, { refused: code, ...detail });
  }

  return {
    profile: (memberId: number) => profileOf(db, memberId),

    /** Display name and email, at the version loaded (a stale edit is refused). */
    updateProfile(body: Body<typeof settingsApi.UpdateProfileBodySchema>, caller: Caller): Promise<Profile> {
      const id = caller.actor.memberId;
      return changes.run(caller.actor, async (tx) => {
        const before = (await members.lock(tx, id))!;
        if (before.version !== body.version) throw new AppError('STALE_EDIT');
        const after = { display_name: body.display_name, email: body.email };
        if (before.display_name === after.display_name && before.email === after.email) {
          return { result: await profileOf(tx, id), change: null };
        }
        await members.update(tx, id, after, clock.now());
        return {
          result: await profileOf(tx, id),
          change: {
            entity: 'staff_member',
            action: 'update',
            entityId: id,
            before: { display_name: before.display_name, email: before.email },
            after,
          },
        };
      });
    },

    /**
     * Language, colour mode and display time zone (null: the browser's again): the last choice wins, with no version to compare (a preference set
     * from two browsers is not a conflicting edit), and the profile's version stays as it was.
     */
    updatePreferences(body: Body<typeof settingsApi.UpdatePreferencesBodySchema>, caller: Caller) {
      return updateOwn(caller, async (tx, id) => {
        // A zone the runtime does not know would make every report refuse the member.
        if (typeof body.time_zone === 'string' && !isKnownTimeZone(body.time_zone))
          throw new AppError('REPORT_UNKNOWN_TIME_ZONE', { tz: body.time_zone });
        const before = await profileOf(tx, id);
        await members.setPreferences(tx, id, body);
        const after = await profileOf(tx, id);
        return {
          result: after,
          before: { language: before.language, color_mode: before.color_mode, time_zone: before.time_zone },
          after: { language: after.language, color_mode: after.color_mode, time_zone: after.time_zone },
        };
      });
    },

    /**
     * A new password: the current one must be given, the policy passed and no recent one repeated.
     * Every refusal is an access-log row; on success the must-change flag clears and the member's
     * other sign-ins end (whoever learnt the old password is out).
     */
    async changePassword(body: Body<typeof settingsApi.ChangePasswordBodySchema>, caller: Caller) {
      const id = caller.actor.memberId;
      const subject = await profileOf(db, id);
      const stored = await members.passwordHash(db, id);
      if (!(await verifyPassword(stored, body.currentPassword))) {
        await refusePassword(caller, subject, 'CURRENT_PASSWORD_WRONG', {});
        throw new AppError('CURRENT_PASSWORD_WRONG');
      }
      const problems: PasswordProblem[] = await checkNewPassword(body.newPassword, {
        userName: subject.user_name,
        displayName: subject.display_name,
        email: subject.email,
      });
      if (problems.length === 0 && (await reused(id, body.newPassword))) problems.push('reused');
      if (problems.length > 0) {
        await refusePassword(caller, subject, 'PASSWORD_REJECTED', { problems });
        throw passwordRejected(problems);
      }
      const passwordHash = await hashPassword(body.newPassword);
      return changes.run(caller.actor, async (tx) => {
        const before = (await members.lock(tx, id))!;
        // Changed meanwhile (another tab): the current password checked above is no longer current.
        if (before.password_hash !== stored) throw new AppError('STALE_EDIT');
        const at = clock.now();
        await members.retirePassword(tx, id, before.password_hash, at);
        await members.update(
          tx,
          id,
          { password_hash: passwordHash, must_change_password: false, password_changed_at: at },
          at,
        );
        const ended = await sessions.revokeAll(tx, id, 'password_changed', at, caller.sessionId);
        await events.about(tx, 'password_changed', subject, caller, { sessionsEnded: ended.length });
        await events.sessionsEnded(tx, ended, subject, caller, 'password_changed');
        return {
          result: ended.length,
          change: {
            entity: 'staff_member',
            action: 'change_password',
            entityId: id,
            before: {
              must_change_password: before.must_change_password,
              password_changed_at: subject.password_changed_at,
            },
            after: { must_change_password: false, password_changed_at: at.toISOString() },
          },
        };
      });
    },

    sessions: (caller: Caller) => sessions.list(db, caller.actor.memberId, caller.sessionId, clock.now()),

    /** Ends one of the member's own sign-ins (the current one too: that is signing out here). */
    async revokeSession(sessionId: string, caller: Caller): Promise<void> {
      const subject = await profileOf(db, caller.actor.memberId);
      await db.transaction(async (tx) => {
        const ended = await sessions.revokeOne(
          tx,
          subject.id,
          sessionId,
          'signed_out_elsewhere',
          clock.now(),
        );
        if (ended.length === 0) throw new AppError('SESSION_NOT_FOUND');
        await events.sessionsEnded(tx, ended, subject, caller, 'signed_out_elsewhere');
      });
    },

    async revokeOtherSessions(caller: Caller): Promise<number> {
      const subject = await profileOf(db, caller.actor.memberId);
      return db.transaction(async (tx) => {
        const at = clock.now();
        const ended = await sessions.revokeAll(tx, subject.id, 'signed_out_elsewhere', at, caller.sessionId);
        await events.sessionsEnded(tx, ended, subject, caller, 'signed_out_elsewhere');
        return ended.length;
      });
    },

    notifications: async (memberId: number) => withDefaults(await notifications.forMember(db, memberId)),

    /** Stores the events sent; the audit row names each event whose channels changed. */
    updateNotifications(items: NotificationPreference[], caller: Caller) {
      return updateOwn(caller, async (tx, id) => {
        const before = withDefaults(await notifications.forMember(tx, id, true));
        await notifications.save(tx, id, items, clock.now());
        const after = withDefaults(await notifications.forMember(tx, id));
        const fields = (list: NotificationPreference[]) =>
          Object.fromEntries(list.map((p) => [auditField(p), channels(p)]));
        return { result: after, before: fields(before), after: fields(after) };
      });
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
