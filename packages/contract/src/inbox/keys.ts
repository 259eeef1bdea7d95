// Free of zod, so the /inbox route can validate its search params before the schemas load.

/** The kinds of work an inbox holds; the notification preferences choose among the same kinds. */
export const INBOX_KINDS = [
  'kyc_waiting',
  'fraud_alert',
  'case_follow_up',
  'withdrawal_review',
  'p2p_dispute',
  'four_eyes_request',
  'system_notice',
] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];
/**
 * Team work: it waits unassigned in its team queue (KYC, fraud, withdrawals, disputes), reaching no
 * one's inbox until it is assigned; then it is in its assignee's inbox alone (decision 0013).
 */
export const TEAM_QUEUE_KINDS = ['kyc_waiting', 'fraud_alert', 'withdrawal_review', 'p2p_dispute'] as const;
export type TeamQueueKind = (typeof TEAM_QUEUE_KINDS)[number];
/** How a team queue hands out work: taken by hand, or pushed round robin by the routing job. */
export const QUEUE_ROUTINGS = ['manual', 'round_robin'] as const;
/** The most open items of one queue routing gives a member at once (a setting's bound). */
export const QUEUE_CAP_MAX = 1000;
/** How far ahead a member may say they are away. */
export const AWAY_MAX_DAYS = 90;
/** Open: the work still waits. Resolved: it was done, from the inbox or anywhere else. */
export const INBOX_STATES = ['open', 'resolved'] as const;
export const INBOX_READ_FILTERS = ['unread', 'read'] as const;
export const INBOX_ASSIGNED_FILTERS = ['me', 'unassigned'] as const;
/** Where the item stands against its SLA, at the moment of the request. */
export const INBOX_SLA_STATES = ['none', 'on_track', 'due_soon', 'overdue'] as const;
export const INBOX_SORT_KEYS = ['opened_at'] as const;
export const INBOX_FILTER_KEYS = ['kind', 'state', 'read', 'assigned'] as const;
/** The live event topics the web app listens to (modules/platform/events). */
export const LIVE_TOPICS = ['inbox', 'queues', 'withdrawals', 'p2p', 'approvals', 'kyc'] as const;
/** The Server-Sent Events stream (its descriptor is inbox.ts eventsStream). */
export const EVENTS_STREAM_PATH = '/api/events/stream';
