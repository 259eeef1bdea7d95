// Free of zod, so the webhook screens can read these before the schemas load.
import { EVENT_TYPES, type EventType } from '../public/event-types.ts';

export const WEBHOOK_ENDPOINT_STATUSES = ['enabled', 'paused', 'disabled'] as const;
export type WebhookEndpointStatus = (typeof WEBHOOK_ENDPOINT_STATUSES)[number];
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'skipped'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The types an endpoint can choose: every one but `test.ping`, which only "Send test event" sends. */
export const SUBSCRIBABLE_EVENT_TYPES = EVENT_TYPES.filter(
  (t): t is Exclude<EventType, 'test.ping'> => t !== 'test.ping',
);

/** The longest time range one replay sends again. */
export const WEBHOOK_REPLAY_MAX_DAYS = 31;
