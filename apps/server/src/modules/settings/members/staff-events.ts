import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { AccessLogEntry, AccessLogRepository } from '../../platform/access-log/access-log.repository.ts';
import type { Actor } from '../../platform/audit/changes.ts';
import type { SessionMember } from '../../platform/auth/auth.service.ts';
import { requestContext } from '../../platform/auth/auth-cookies.ts';
import type { RevokeReason } from './member-sessions.repository.ts';

/** Who acts, and from where: the audit row names the actor, the access-log row the address too. */
export interface Caller {
  actor: Actor;
  userName: string;
  /** The sign-in the request came with. */
  sessionId: string;
  ip: string;
  userAgent: string | null;
}

/** The signed-in member making a request, as the services record them. */
export const callerOf = (member: SessionMember, actor: Actor, request: FastifyRequest): Caller => ({
  actor,
  userName: member.userName,
  sessionId: member.sessionId,
  ...requestContext(request),
});

/** The member an event is about. */
export interface Subject {
  id: number;
  user_name: string;
}

/**
 * Access-log rows of staff changes. A refusal's row is written on `db` itself, outside the refused
 * change's transaction, so it stays when that transaction rolls back.
 */
export function createStaffEvents(deps: { accessLog: AccessLogRepository; clock: Clock }) {
  const { accessLog, clock } = deps;
  const record = (db: DbOrTx, entry: Omit<AccessLogEntry, 'at'>) =>
    accessLog.record(db, { ...entry, at: clock.now() });
  const from = (caller: Caller) => ({ ip: caller.ip, userAgent: caller.userAgent });

  return {
    /** An event about `subject`, done by `caller` (who is named in the detail when another member). */
    async about(
      db: DbOrTx,
      event: AccessLogEntry['event'],
      subject: Subject,
      caller: Caller,
      detail: Record<string, unknown> = {},
    ) {
      const by = subject.id === caller.actor.memberId ? {} : { by: caller.userName };
      await record(db, {
        event,
        memberId: subject.id,
        userName: subject.user_name,
        ...from(caller),
        detail: { ...detail, ...by },
      });
    },

    /** One `session_revoked` row per sign-in ended. */
    async sessionsEnded(db: DbOrTx, ids: string[], subject: Subject, caller: Caller, reason: RevokeReason) {
      for (const sessionId of ids)
        await this.about(db, 'session_revoked', subject, caller, { sessionId, reason });
    },

    /** A change refused by a rule (the last super, one's own role): the caller's `access_denied` row. */
    async refused(db: DbOrTx, caller: Caller, code: string, detail: Record<string, unknown>) {
      await record(db, {
        event: 'access_denied',
        memberId: caller.actor.memberId,
        userName: caller.userName,
        ...from(caller),
        detail: { refused: code, ...detail },
      });
    },
  };
}
export type StaffEvents = ReturnType<typeof createStaffEvents>;
