import {
  CAPABILITIES,
  INBOX_KINDS,
  type InboxItem,
  type InboxKind,
  type InboxSummary,
  type inboxApi,
  type NotificationPreference,
  settingsApi,
} from '@backdesk/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Actor, Changes } from '../platform/audit/changes.ts';
import { publishEvent } from '../platform/events/events.repository.ts';
import type { SystemNotice } from '../platform/notices/notice.ts';
import type { InboxRepository, InboxRow } from './inbox.repository.ts';

type ListQuery = z.output<typeof inboxApi.InboxQuerySchema>;

/** Who each kind of work reaches, by the capability that does the work (access.ts). */
export const KIND_CAPABILITY = {
  kyc_waiting: 'operate',
  fraud_alert: 'operate',
  withdrawal_review: 'approve',
  p2p_dispute: 'p2p',
  four_eyes_request: 'approve',
} as const satisfies Partial<Record<InboxKind, keyof typeof CAPABILITIES>>;

/** An item is due soon in the last quarter of its SLA, or its last hour, whichever comes first. */
const DUE_SOON_SHARE = 0.25;
const DUE_SOON_MAX_MS = 3_600_000;

export function slaOf(
  row: Pick<InboxRow, 'opened_at' | 'due_at' | 'resolved_at'>,
  now: Date,
): InboxItem['sla'] {
  if (!row.due_at || row.resolved_at) return 'none';
  const due = Date.parse(row.due_at);
  const left = due - now.getTime();
  if (left <= 0) return 'overdue';
  const span = due - Date.parse(row.opened_at);
  return left <= Math.min(span * DUE_SOON_SHARE, DUE_SOON_MAX_MS) ? 'due_soon' : 'on_track';
}

const SOURCE_TYPES = [
  'wallet_transaction',
  'p2p_trade',
  'approval_request',
  'staff_member',
  'kyc_case',
  'fraud_alert',
  'fraud_case',
] as const;

function sourceOf(ref: string): InboxItem['source'] {
  const [type = '', id = ''] = ref.split(':');
  const known = (SOURCE_TYPES as readonly string[]).includes(type);
  return { type: known ? (type as (typeof SOURCE_TYPES)[number]) : 'notice', id };
}

/** The wire's instants, to the millisecond like every other. */
const ms = (iso: string) => new Date(iso).toISOString();

export function toItem(row: InboxRow, now: Date): InboxItem {
  return {
    id: row.id,
    kind: row.kind,
    severity: row.severity,
    source: sourceOf(row.source_ref),
    customer:
      row.customer_id !== null ? { id: row.customer_id, user_name: row.customer_user_name ?? '' } : null,
    subject: row.subject,
    amount: row.amount,
    asset: row.asset,
    notice: row.notice,
    params: row.params,
    opened_at: ms(row.opened_at),
    due_at: row.due_at && ms(row.due_at),
    sla: slaOf(row, now),
    state: row.resolved_at ? 'resolved' : 'open',
    resolved_at: row.resolved_at && ms(row.resolved_at),
    read: row.read_at !== null,
    assignee:
      row.assignee_id !== null ? { id: row.assignee_id, display_name: row.assignee_name ?? '' } : null,
    version: row.version,
  };
}

/** The notification choices (kind, or kind:severity) a member turned off for the inbox. */
export function mutedKeys(stored: readonly NotificationPreference[]): string[] {
  const byKey = new Map(stored.map((p) => [settingsApi.notificationEventKey(p), p]));
  return settingsApi.NOTIFICATION_EVENTS.flatMap((event) => {
    const inbox = (
      byKey.get(settingsApi.notificationEventKey(event)) ?? settingsApi.defaultNotificationPreference(event)
    ).inbox;
    return inbox ? [] : [event.severity ? `${event.kind}:${event.severity}` : event.kind];
  });
}

export interface InboxServiceDeps {
  db: Db;
  clock: Clock;
  changes: Changes;
  repo: InboxRepository;
  /** The member's stored notification choices (settings module's repository). */
  preferences: (db: DbOrTx, memberId: number) => Promise<NotificationPreference[]>;
  /** Members whose inbox an event reaches by their choices (settings module's repository). */
  recipients: (
    db: DbOrTx,
    event: { kind: string; severity: string | null },
    byDefault: boolean,
  ) => Promise<number[]>;
}

/**
 * Each member's work queue (decision 0013). The queue itself is kept by the database in the
 * transaction that changes the work; this service reads it through the member's notification
 * choices, and marks, assigns and posts notices.
 */
export function createInboxService(deps: InboxServiceDeps) {
  const { db, clock, changes, repo } = deps;
  const muted = async (memberId: number) => mutedKeys(await deps.preferences(db, memberId));

  return {
    /** Copies the role matrix into inbox_kinds (at start: the triggers fan out by it). */
    syncKinds: () =>
      repo.syncKinds(
        db,
        Object.fromEntries(Object.entries(KIND_CAPABILITY).map(([kind, cap]) => [kind, CAPABILITIES[cap]])),
      ),

    async page(memberId: number, q: ListQuery) {
      const page = await repo.page(db, memberId, q, await muted(memberId));
      const now = clock.now();
      return { ...page, items: page.items.map((row) => toItem(row, now)) };
    },

    count: async (memberId: number, filters: z.output<typeof inboxApi.InboxFiltersSchema>) => ({
      total: await repo.count(db, memberId, filters, await muted(memberId)),
    }),

    async summary(memberId: number): Promise<InboxSummary> {
      const off = new Set(await muted(memberId));
      const byKind = Object.fromEntries(INBOX_KINDS.map((k) => [k, 0])) as Record<InboxKind, number>;
      for (const { pref_key, n } of await repo.unreadByPrefKey(db, memberId)) {
        if (off.has(pref_key)) continue;
        const kind = pref_key.split(':')[0] as InboxKind;
        if (kind in byKind) byKind[kind] += n;
      }
      return { unread: Object.values(byKind).reduce((a, b) => a + b, 0), by_kind: byKind };
    },

    /**
     * Read or unread, one or many: the member's own marker, not a change of the work, so not audited.
     * Refused whole when an id is not in the member's queue.
     */
    async mark(memberId: number, ids: number[], read: boolean): Promise<number> {
      const unique = [...new Set(ids)];
      return db.transaction(async (tx) => {
        if ((await repo.countHeld(tx, memberId, unique)) !== unique.length)
          throw new AppError('INBOX_ITEM_NOT_FOUND');
        const changed = await repo.mark(tx, memberId, unique, read, clock.now());
        if (changed)
          await publishEvent(tx, { topic: 'inbox', audience: [memberId], data: { action: 'marked' } });
        return changed;
      });
    },

    /** Takes an open item (or gives it back), at the version the member saw; audited. */
    assign(actor: Actor, body: { id: number; version: number; assign: boolean }): Promise<InboxItem> {
      return changes.run(actor, async (tx) => {
        const work = (await repo.lockWork(tx, body.id)) ?? null;
        if (!work || !(await repo.mayAssign(tx, actor.memberId, body.id)))
          throw new AppError('INBOX_ITEM_NOT_FOUND');
        if (work.resolved) throw new AppError('INBOX_ITEM_RESOLVED');
        if (work.version !== body.version) throw new AppError('STALE_EDIT');
        const next = body.assign ? actor.memberId : null;
        const current = () => repo.item(tx, actor.memberId, body.id).then((row) => toItem(row!, clock.now()));
        if (work.assignee_id === next) return { result: await current(), change: null };
        const before = work.assignee_id === null ? null : await repo.memberName(tx, work.assignee_id);
        const holders = await repo.assign(tx, body.id, next, clock.now());
        await publishEvent(tx, {
          topic: 'inbox',
          audience: holders,
          data: { action: 'assigned', id: body.id },
        });
        return {
          result: await current(),
          change: {
            entity: 'work_item',
            action: body.assign ? 'assign' : 'unassign',
            entityId: body.id,
            before: { assignee: before },
            after: { assignee: next === null ? null : await repo.memberName(tx, next) },
          },
        };
      });
    },

    /** A system notice to some members (platform/notices/notice.ts). */
    notice(tx: DbOrTx, notice: SystemNotice): Promise<void> {
      return repo.openNotice(tx, { ...notice, at: clock.now() });
    },

    /** Drops work resolved longer ago than `days`, with every member's copy of it. */
    prune: (days: number) => repo.pruneResolved(db, days),

    /**
     * A member's two-factor was reset: a notice to that member and to the members who manage staff,
     * as far as each chose to receive system notices.
     */
    async twoFactorReset(tx: DbOrTx, target: { id: number; userName: string }, actor: Actor): Promise<void> {
      const staff = await repo.membersWithRoles(tx, CAPABILITIES.staff);
      const wanted = new Set(await deps.recipients(tx, { kind: 'system_notice', severity: null }, true));
      const audience = [...new Set([target.id, ...staff])].filter(
        (id) => id !== actor.memberId && wanted.has(id),
      );
      const at = clock.now();
      await repo.openNotice(tx, {
        code: 'two_factor_reset',
        sourceRef: `staff_member:${target.id}:${at.getTime()}`,
        subject: target.userName,
        params: { member: target.userName, by: (await repo.memberName(tx, actor.memberId)) ?? '' },
        audience,
        at,
      });
    },
  };
}
export type InboxService = ReturnType<typeof createInboxService>;
