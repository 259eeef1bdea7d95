import { z } from 'zod';
import { InstantSchema } from './dates.ts';
import { defineEndpoint } from './endpoint.ts';
import { FILE_TYPES } from './file-types.ts';
import {
  AWAY_MAX_DAYS,
  EVENTS_STREAM_PATH,
  INBOX_ASSIGNED_FILTERS,
  INBOX_KINDS,
  INBOX_READ_FILTERS,
  INBOX_SLA_STATES,
  INBOX_SORT_KEYS,
  INBOX_STATES,
  QUEUE_CAP_MAX,
  QUEUE_ROUTINGS,
  TEAM_QUEUE_KINDS,
} from './inbox/keys.ts';
import { CountSchema, listQuerySchema, uncountedPageSchema, VersionSchema } from './list.ts';

export * from './inbox/keys.ts';

/** The record an item is about, which the web app opens. */
export const InboxSourceSchema = z.object({
  type: z.enum([
    'wallet_transaction',
    'p2p_trade',
    'approval_request',
    'staff_member',
    'kyc_case',
    'fraud_alert',
    'fraud_case',
    'notice',
  ]),
  id: z.string(),
});

export const InboxItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(INBOX_KINDS),
  severity: z.string().nullable(),
  source: InboxSourceSchema,
  customer: z.object({ id: z.number().int(), user_name: z.string() }).nullable(),
  /** Who or what it is about when not a customer: a P2P buyer, an approval's kind. */
  subject: z.string().nullable(),
  /** Exact decimal, as a string. */
  amount: z.string().nullable(),
  asset: z.string().nullable(),
  /** A system notice's code (the web app words it) and its parameters. */
  notice: z.string().nullable(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  opened_at: z.string(),
  due_at: z.string().nullable(),
  sla: z.enum(INBOX_SLA_STATES),
  state: z.enum(INBOX_STATES),
  resolved_at: z.string().nullable(),
  read: z.boolean(),
  assignee: z.object({ id: z.number().int(), display_name: z.string() }).nullable(),
  version: z.number().int(),
});
export type InboxItem = z.infer<typeof InboxItemSchema>;

export const InboxFiltersSchema = z.object({
  kind: z.enum(INBOX_KINDS).optional(),
  state: z.enum(INBOX_STATES).default('open'),
  read: z.enum(INBOX_READ_FILTERS).optional(),
  assigned: z.enum(INBOX_ASSIGNED_FILTERS).optional(),
});

export const InboxQuerySchema = listQuerySchema(INBOX_SORT_KEYS, 'opened_at')
  .extend({ dir: z.enum(['asc', 'desc']).default('desc') })
  .extend(InboxFiltersSchema.shape);
export type InboxQuery = z.input<typeof InboxQuerySchema>;

export const listInbox = defineEndpoint({
  method: 'GET',
  path: '/api/inbox',
  summary: "The signed-in member's work queue, filtered by kind, state, read and assignment",
  tags: ['inbox'],
  access: 'read',
  query: InboxQuerySchema,
  response: uncountedPageSchema(InboxItemSchema),
});

/** How many of the member's items match the filters, asked apart from the page. */
export const countInbox = defineEndpoint({
  method: 'GET',
  path: '/api/inbox/count',
  summary:
    "How many of the signed-in member's items match the filters: exact up to 100,000, else an estimate",
  tags: ['inbox'],
  access: 'read',
  query: InboxFiltersSchema,
  response: CountSchema,
});

export const InboxSummarySchema = z.object({
  /** Open items not yet read, among the kinds the member chose to receive. */
  unread: z.number().int().nonnegative(),
  by_kind: z.record(z.enum(INBOX_KINDS), z.number().int().nonnegative()),
});
export type InboxSummary = z.infer<typeof InboxSummarySchema>;

export const inboxSummary = defineEndpoint({
  method: 'GET',
  path: '/api/inbox/summary',
  summary: 'How many open items the signed-in member has not read, in all and by kind',
  tags: ['inbox'],
  access: 'read',
  response: InboxSummarySchema,
});

/** The ids of items in the member's own queue: at most a page of them at once. */
const ItemIdsSchema = z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(200);

export const MarkInboxBodySchema = z.object({ ids: ItemIdsSchema, read: z.boolean() });
export type MarkInboxBody = z.input<typeof MarkInboxBodySchema>;

export const markInbox = defineEndpoint({
  method: 'POST',
  path: '/api/inbox/mark',
  summary: 'Mark items of the signed-in member’s inbox read or unread, one or many',
  tags: ['inbox'],
  access: 'read',
  errors: ['INBOX_ITEM_NOT_FOUND'],
  body: MarkInboxBodySchema,
  response: z.object({ success: z.literal(true), changed: z.number().int().nonnegative() }),
});

export const AssignInboxBodySchema = z.object({
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  version: VersionSchema,
  /** true: assign to the signed-in member; false: leave it unassigned. */
  assign: z.boolean(),
});
export type AssignInboxBody = z.input<typeof AssignInboxBodySchema>;

export const assignInbox = defineEndpoint({
  method: 'POST',
  path: '/api/inbox/assign',
  summary: 'Take an open item of the inbox (assign it to oneself), or give it back',
  tags: ['inbox'],
  access: 'read',
  errors: ['INBOX_ITEM_NOT_FOUND', 'INBOX_ITEM_RESOLVED', 'STALE_EDIT'],
  body: AssignInboxBodySchema,
  response: z.object({ success: z.literal(true), item: InboxItemSchema }),
});

// ── Team queues ──────────────────────────────────────────────────────────────────────────────────

export const TeamQueueSchema = z.object({
  kind: z.enum(TEAM_QUEUE_KINDS),
  /** Open work nobody holds yet. */
  unassigned: z.number().int().nonnegative(),
  /** Of those, past their SLA. */
  overdue: z.number().int().nonnegative(),
  oldest_opened_at: z.string().nullable(),
  routing: z.enum(QUEUE_ROUTINGS),
  /** At most this many open items of the queue per member when routing pushes work; null: no cap. */
  cap_per_member: z.number().int().positive().nullable(),
  version: z.number().int(),
});
export type TeamQueue = z.infer<typeof TeamQueueSchema>;

export const TeamQueuesSchema = z.object({
  /** The queues whose work the member's roles may take. */
  queues: z.array(TeamQueueSchema),
  /** Until when the signed-in member is away (routing passes them by); null: at work. */
  away_until: z.string().nullable(),
});
export type TeamQueues = z.infer<typeof TeamQueuesSchema>;

export const listTeamQueues = defineEndpoint({
  method: 'GET',
  path: '/api/inbox/queues',
  summary: 'The team queues the signed-in member may take work from, with their counts and routing',
  tags: ['inbox'],
  access: 'read',
  response: TeamQueuesSchema,
});

export const TakeNextBodySchema = z.object({ kind: z.enum(TEAM_QUEUE_KINDS) }).strict();

export const takeNextFromQueue = defineEndpoint({
  method: 'POST',
  path: '/api/inbox/queues/next',
  summary: "Take the oldest unassigned item of a team queue into one's own inbox; null when none is left",
  tags: ['inbox'],
  access: 'read',
  idempotent: true,
  errors: ['INBOX_QUEUE_FORBIDDEN'],
  body: TakeNextBodySchema,
  response: z.object({ success: z.literal(true), item: InboxItemSchema.nullable() }),
});

export const UpdateQueueRoutingBodySchema = z
  .object({
    kind: z.enum(TEAM_QUEUE_KINDS),
    routing: z.enum(QUEUE_ROUTINGS),
    cap_per_member: z.number().int().min(1).max(QUEUE_CAP_MAX).nullable(),
    version: VersionSchema,
  })
  .strict();
export type UpdateQueueRoutingBody = z.input<typeof UpdateQueueRoutingBodySchema>;

export const updateQueueRouting = defineEndpoint({
  method: 'PUT',
  path: '/api/inbox/queues/routing',
  summary: 'Set how a team queue hands out its work: by hand, or round robin with a cap per member',
  tags: ['inbox'],
  access: 'supervise',
  errors: ['STALE_EDIT'],
  body: UpdateQueueRoutingBodySchema,
  response: z.object({ success: z.literal(true), queue: TeamQueueSchema }),
});

export const SetAwayBodySchema = z
  .object({
    /** Back at this moment (within AWAY_MAX_DAYS); null: at work again. */
    until: InstantSchema.nullable(),
  })
  .strict();

export const setAway = defineEndpoint({
  method: 'PUT',
  path: '/api/inbox/away',
  summary: `Say the signed-in member is away until a moment (at most ${AWAY_MAX_DAYS} days ahead), or back`,
  tags: ['inbox'],
  access: 'read',
  errors: ['INBOX_AWAY_INVALID'],
  body: SetAwayBodySchema,
  response: z.object({ success: z.literal(true), away_until: z.string().nullable() }),
});

/**
 * The live events of the signed-in member (decision 0013) as Server-Sent Events: each `data` is
 * `{ id, topic, data }` of a LIVE_TOPICS topic. Registered by modules/platform/events, not as a JSON endpoint;
 * described here so the OpenAPI document holds it like any other.
 */
export const eventsStream = defineEndpoint({
  method: 'GET',
  path: EVENTS_STREAM_PATH,
  summary:
    'Live events as Server-Sent Events, resumed after the Last-Event-ID header or `last` (a page opening)',
  tags: ['inbox'],
  access: 'read',
  query: z.object({
    /** The last event id seen; the Last-Event-ID header wins when both are sent. */
    last: z
      .string()
      .regex(/^\d{1,15}$/)
      .optional(),
  }),
  /** A member holds a few streams per node at most (tabs). */
  errors: ['TOO_MANY_REQUESTS'],
  file: { types: [FILE_TYPES.eventStream] },
  response: z.unknown(),
});
