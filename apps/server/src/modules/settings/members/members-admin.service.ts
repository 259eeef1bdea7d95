import { randomBytes, randomInt } from 'node:crypto';
import { type Member, membersApi } from '@backdesk/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Changes } from '../../platform/audit/changes.ts';
import type { LockedMember, MembersRepository } from '../../platform/auth/members.repository.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import type { MemberSessionsRepository } from './member-sessions.repository.ts';
import type { Caller, StaffEvents } from './staff-events.ts';

type Body<S extends z.ZodType> = z.output<S>;
type MemberRef = Body<typeof membersApi.MemberRefBodySchema>;

/** The refusals a rule gives (not bad input): each also leaves the caller an `access_denied` row. */
const RULE_REFUSALS = new Set(['LAST_SUPER', 'OWN_SUPER_ROLE', 'OWN_ACCOUNT']);

// No 0/O, 1/l/I: the super reads the password out or types it for the member.
const OTP_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const OTP_GROUPS = 4;
const OTP_GROUP_LENGTH = 5;

/** 20 characters of a 56-letter alphabet (about 116 bits), in groups of five. */
export function generateOneTimePassword(): string {
  const groups = Array.from({ length: OTP_GROUPS }, () =>
    Array.from({ length: OTP_GROUP_LENGTH }, () => OTP_ALPHABET[randomInt(OTP_ALPHABET.length)]).join(''),
  );
  return groups.join('-');
}

/** Roles in one order, so the same set never reads as a change. */
const ordered = (roles: readonly string[]) =>
  membersApi.STAFF_ROLES.filter((role) => roles.includes(role)) as string[];

/** What the audit trail keeps of a member. */
const auditedOf = (m: Pick<LockedMember, 'user_name' | 'display_name' | 'email' | 'roles' | 'status'>) => ({
  user_name: m.user_name,
  display_name: m.display_name,
  email: m.email,
  roles: m.roles,
  status: m.status,
});

/** The member under its row lock, at the version the super loaded. */
export async function lockedAtVersion(
  repo: MembersRepository,
  tx: Tx,
  ref: MemberRef,
): Promise<LockedMember> {
  const member = await repo.lock(tx, ref.id);
  if (!member) throw new AppError('MEMBER_NOT_FOUND');
  if (member.version !== ref.version) throw new AppError('STALE_EDIT');
  return member;
}

/**
 * A super's management of staff (capability `staff`). Every change is one audit row on the member
 * (entity `staff_member`) and access-log rows; the last active super stays a super and active, and no
 * super removes their own super role or disables themselves.
 */
export function createMembersAdminService(deps: {
  db: Db;
  repo: MembersRepository;
  sessions: MemberSessionsRepository;
  changes: Changes;
  events: StaffEvents;
  clock: Clock;
}) {
  const { db, repo, sessions, changes, events, clock } = deps;

  async function current(tx: Tx, id: number): Promise<Member> {
    return (await repo.byId(tx, id, clock.now()))!;
  }

  const locked = (tx: Tx, ref: MemberRef) => lockedAtVersion(repo, tx, ref);

  /** Refuses a change that would leave no active super. Call before locking the member's own row. */
  async function keepOneSuper(tx: Tx, memberId: number): Promise<void> {
    const supers = await repo.lockActiveSupers(tx);
    if (supers.includes(memberId) && supers.length === 1) throw new AppError('LAST_SUPER');
  }

  /** Runs a change; a rule's refusal is written to the access log before it is answered. */
  async function ruled<T>(caller: Caller, target: number, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof AppError && RULE_REFUSALS.has(err.code)) {
        await events.refused(db, caller, err.code, { memberId: target });
      }
      throw err;
    }
  }

  return {
    list: () => repo.list(db, clock.now()),

    /**
     * A new member who cannot sign in yet: their password is random and never shown, until the super
     * issues a one-time password (a separate call, so this idempotent answer never stores one).
     */
    async create(body: Body<typeof membersApi.CreateMemberBodySchema>, caller: Caller): Promise<Member> {
      const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
      return changes.run(caller.actor, async (tx) => {
        const roles = ordered(body.roles);
        const id = await repo.insertIfNew(tx, {
          userName: body.user_name,
          displayName: body.display_name,
          email: body.email,
          roles,
          passwordHash,
          mustChangePassword: true,
          createdAt: clock.now(),
          updatedAt: clock.now(),
        });
        if (id === undefined) throw new AppError('STAFF_MEMBER_EXISTS', { userName: body.user_name });
        const member = await current(tx, id);
        await events.about(tx, 'member_created', member, caller, { roles });
        return {
          result: member,
          change: {
            entity: 'staff_member',
            action: 'create',
            entityId: id,
            before: null,
            after: auditedOf(member),
          },
        };
      });
    },

    /** A fresh one-time password, answered once: the member must change it, their sign-ins end. */
    async issueOneTimePassword(ref: MemberRef, caller: Caller) {
      const password = generateOneTimePassword();
      const passwordHash = await hashPassword(password);
      return ruled(caller, ref.id, () =>
        changes.run(caller.actor, async (tx) => {
          if (ref.id === caller.actor.memberId) throw new AppError('OWN_ACCOUNT');
          const before = await locked(tx, ref);
          const at = clock.now();
          await repo.retirePassword(tx, before.id, before.password_hash, at);
          await repo.update(
            tx,
            before.id,
            { password_hash: passwordHash, must_change_password: true, password_changed_at: at },
            at,
          );
          const ended = await sessions.revokeAll(tx, before.id, 'ended_by_super', at);
          await events.about(tx, 'password_changed', before, caller, { oneTime: true });
          await events.sessionsEnded(tx, ended, before, caller, 'ended_by_super');
          return {
            result: { member: await current(tx, before.id), password },
            change: {
              entity: 'staff_member',
              action: 'issue_password',
              entityId: before.id,
              before: { must_change_password: before.must_change_password, password: null },
              after: { must_change_password: true, password: 'one_time' },
            },
          };
        }),
      );
    },

    async changeRoles(body: Body<typeof membersApi.ChangeRolesBodySchema>, caller: Caller): Promise<Member> {
      return ruled(caller, body.id, () =>
        changes.run(caller.actor, async (tx) => {
          const roles = ordered(body.roles);
          const dropsSuper = !roles.includes('super');
          // Only a super gets here, so leaving out `super` for oneself always removes it.
          if (dropsSuper && body.id === caller.actor.memberId) throw new AppError('OWN_SUPER_ROLE');
          // Reachable when two supers demote each other at once: the second finds itself alone.
          if (dropsSuper) await keepOneSuper(tx, body.id);
          const before = await locked(tx, body);
          // The provider sets an SSO or SCIM member's roles at each sign-in (docs/sso.md).
          if (before.source !== 'local') throw new AppError('MEMBER_ROLES_FROM_PROVIDER');
          if (ordered(before.roles).join() === roles.join()) {
            return { result: await current(tx, before.id), change: null };
          }
          await repo.update(tx, before.id, { roles }, clock.now());
          const member = await current(tx, before.id);
          await events.about(tx, 'member_roles_changed', member, caller, {
            before: before.roles,
            after: roles,
          });
          return {
            result: member,
            change: {
              entity: 'staff_member',
              action: 'update',
              entityId: before.id,
              before: { roles: before.roles },
              after: { roles },
            },
          };
        }),
      );
    },

    /** Disabled at once: their sign-ins end in the same transaction, so no next request passes. */
    async disable(ref: MemberRef, caller: Caller): Promise<Member> {
      return ruled(caller, ref.id, () =>
        changes.run(caller.actor, async (tx) => {
          if (ref.id === caller.actor.memberId) throw new AppError('OWN_ACCOUNT');
          await keepOneSuper(tx, ref.id);
          const before = await locked(tx, ref);
          if (before.status === 'disabled') return { result: await current(tx, before.id), change: null };
          const at = clock.now();
          await repo.update(tx, before.id, { status: 'disabled' }, at);
          const ended = await sessions.revokeAll(tx, before.id, 'member_disabled', at);
          await events.about(tx, 'member_disabled', before, caller);
          await events.sessionsEnded(tx, ended, before, caller, 'member_disabled');
          return {
            result: await current(tx, before.id),
            change: {
              entity: 'staff_member',
              action: 'disable',
              entityId: before.id,
              before: { status: before.status },
              after: { status: 'disabled' },
            },
          };
        }),
      );
    },

    async enable(ref: MemberRef, caller: Caller): Promise<Member> {
      return changes.run(caller.actor, async (tx) => {
        const before = await locked(tx, ref);
        if (before.status === 'active') return { result: await current(tx, before.id), change: null };
        await repo.update(tx, before.id, { status: 'active' }, clock.now());
        await events.about(tx, 'member_enabled', before, caller);
        return {
          result: await current(tx, before.id),
          change: {
            entity: 'staff_member',
            action: 'enable',
            entityId: before.id,
            before: { status: before.status },
            after: { status: 'active' },
          },
        };
      });
    },

    /** Ends every sign-in of a member (one's own included: signed out everywhere). */
    async endSessions(id: number, caller: Caller): Promise<number> {
      return changes.run(caller.actor, async (tx) => {
        const member = await repo.lock(tx, id);
        if (!member) throw new AppError('MEMBER_NOT_FOUND');
        const ended = await sessions.revokeAll(tx, id, 'ended_by_super', clock.now());
        await events.sessionsEnded(tx, ended, member, caller, 'ended_by_super');
        return {
          result: ended.length,
          change: ended.length
            ? {
                entity: 'staff_member',
                action: 'end_sessions',
                entityId: id,
                before: { active_sessions: ended.length },
                after: { active_sessions: 0 },
              }
            : null,
        };
      });
    },
  };
}
export type MembersAdminService = ReturnType<typeof createMembersAdminService>;
