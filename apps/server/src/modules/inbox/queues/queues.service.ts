import { AWAY_MAX_DAYS, type InboxItem, type inboxApi, type TeamQueueKind } from '@backdesk/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Actor, Changes } from '../../platform/audit/changes.ts';
import type { InboxRepository } from '../inbox.repository.ts';
import { toItem } from '../inbox.service.ts';
import type { QueuesRepository } from './queues.repository.ts';

/** How many of the oldest items "next" tries when others take the first ones at the same moment. */
const NEXT_CANDIDATES = 5;
/** How many items one routing run pushes per queue at most; the next run, a minute later, goes on. */
const ROUTE_BATCH = 200;
const DAY_MS = 86_400_000;

export interface QueuesServiceDeps {
  db: Db;
  clock: Clock;
  changes: Changes;
  repo: QueuesRepository;
  inbox: InboxRepository;
}

/**
 * The team queues (decision 0013): unassigned team work, counted per queue; "next" takes the oldest
 * into one's own inbox; a queue set to round robin has its work pushed by the routing job.
 */
export function createQueuesService(deps: QueuesServiceDeps) {
  const { db, clock, changes, repo } = deps;

  const queue = async (kind: TeamQueueKind): Promise<inboxApi.TeamQueue> =>
    (await repo.queues(db, clock.now(), { kind }))[0]!;

  /** Gives one waiting item of a routed queue to the next member in turn; false when none can take it. */
  const routeOne = (kind: TeamQueueKind, requestId: string) =>
    changes.run({ memberId: null, requestId }, async (tx) => {
      const settings = await repo.settings(tx, kind, true);
      if (settings?.routing !== 'round_robin') return { result: false, change: null };
      const now = clock.now();
      const member = await repo.nextMember(tx, kind, settings.last_member_id, settings.cap_per_member, now);
      if (!member) return { result: false, change: null };
      for (const id of await repo.oldest(tx, kind, NEXT_CANDIDATES)) {
        if (!(await repo.take(tx, id, member.id, now))) continue;
        await repo.moveCursor(tx, kind, member.id);
        return {
          result: true,
          change: {
            entity: 'work_item',
            action: 'assign',
            entityId: id,
            before: { assignee: null },
            after: { assignee: member.display_name },
          },
        };
      }
      return { result: false, change: null };
    });

  return {
    async list(memberId: number): Promise<inboxApi.TeamQueues> {
      const now = clock.now();
      const [queues, away] = await Promise.all([
        repo.queues(db, now, { memberId }),
        repo.awayUntil(db, memberId, now),
      ]);
      return { queues, away_until: away };
    },

    /** Takes the oldest unassigned item of a queue the member's roles reach; audited like "assign to me". */
    takeNext(actor: Actor, kind: TeamQueueKind): Promise<InboxItem | null> {
      return changes.run(actor, async (tx) => {
        if (!(await repo.reaches(tx, actor.memberId, kind))) throw new AppError('INBOX_QUEUE_FORBIDDEN');
        const now = clock.now();
        for (const id of await repo.oldest(tx, kind, NEXT_CANDIDATES)) {
          if (!(await repo.take(tx, id, actor.memberId, now))) continue;
          const row = await deps.inbox.item(tx, actor.memberId, id);
          return {
            result: row ? toItem(row, now) : null,
            change: {
              entity: 'work_item',
              action: 'assign',
              entityId: id,
              before: { assignee: null },
              after: { assignee: await repo.memberName(tx, actor.memberId) },
            },
          };
        }
        return { result: null, change: null };
      });
    },

    /** Sets a queue's routing at the version the member saw; audited. Routing starts at the next run. */
    async updateRouting(
      actor: Actor,
      edit: {
        kind: TeamQueueKind;
        routing: inboxApi.TeamQueue['routing'];
        cap_per_member: number | null;
        version: number;
      },
    ): Promise<inboxApi.TeamQueue> {
      await changes.run(actor, async (tx) => {
        // Every team kind has its row (migration 0041).
        const before = (await repo.settings(tx, edit.kind, true))!;
        if (before.version !== edit.version) throw new AppError('STALE_EDIT');
        const same = before.routing === edit.routing && before.cap_per_member === edit.cap_per_member;
        if (same) return { result: null, change: null };
        await repo.updateSettings(tx, edit, clock.now());
        return {
          result: null,
          change: {
            entity: 'team_queue',
            action: 'update',
            entityId: edit.kind,
            before: { routing: before.routing, cap_per_member: before.cap_per_member },
            after: { routing: edit.routing, cap_per_member: edit.cap_per_member },
          },
        };
      });
      return queue(edit.kind);
    },

    /** The member's own absence: routing passes them by until then; audited on their record. */
    async setAway(actor: Actor, until: string | null): Promise<string | null> {
      const now = clock.now();
      const end = until === null ? null : new Date(until);
      if (end && (end <= now || end.getTime() - now.getTime() > AWAY_MAX_DAYS * DAY_MS))
        throw new AppError('INBOX_AWAY_INVALID', { days: AWAY_MAX_DAYS });
      return changes.run(actor, async (tx) => {
        const before = await repo.awayUntil(tx, actor.memberId, now);
        await repo.setAway(tx, actor.memberId, end, now);
        const after = end?.toISOString() ?? null;
        return {
          result: after,
          change: {
            entity: 'staff_member',
            action: 'update',
            entityId: actor.memberId,
            before: { away_until: before },
            after: { away_until: after },
          },
        };
      });
    },

    /**
     * The routing job: each round-robin queue pushes its oldest waiting work, one audited assignment at
     * a time, while a member in turn has room. The settings row's lock keeps two runs from racing.
     */
    async route(requestId: string): Promise<number> {
      let pushed = 0;
      for (const kind of await repo.routedKinds(db)) {
        for (let n = 0; n < ROUTE_BATCH && (await routeOne(kind, requestId)); n++) pushed++;
      }
      return pushed;
    },
  };
}
export type QueuesService = ReturnType<typeof createQueuesService>;
