// The event types and ids of decision 0025's events, free of zod so the web app can read them
// before the schemas load.

/** Every event type, `<object>.<what happened>`; `test.ping` is only sent by "Send test event". */
export const EVENT_TYPES = [
  'customer.created',
  'customer.updated',
  'customer.type_changed',
  'customer.kyc_changed',
  'restriction.added',
  'restriction.lifted',
  'restriction.expired',
  'withdrawal.approved',
  'withdrawal.rejected',
  'p2p_offer.suspended',
  'p2p_trade.cancelled',
  'p2p_dispute.settled',
  'limits.changed',
  'travel_rule.held',
  'travel_rule.info_requested',
  'travel_rule.returned',
  'travel_rule.rejected',
  'travel_rule.completed',
  'test.ping',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The id of an event, the same in the feed and in every delivery of it (`webhook-id`). */
export const EVENT_ID_PATTERN = /^evt_[0-9A-Za-z]{16,40}$/;
