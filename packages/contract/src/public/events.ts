// The decisions Backdesk sends out (decision 0025, "Decisions out"): one event per decision the
// exchange must enforce, written with the change (an outbox), delivered as Standard Webhooks and
// readable as a feed. The same envelope travels both ways: a webhook's body is one event.
import { z } from 'zod';
import { definePublicEndpoint } from './endpoint.ts';
import { EVENT_ID_PATTERN, EVENT_TYPES } from './event-types.ts';

export { EVENT_ID_PATTERN, EVENT_TYPES, type EventType } from './event-types.ts';

const FieldChangeSchema = z.object({ before: z.unknown(), after: z.unknown() });

export const EventSchema = z
  .object({
    id: z.string().regex(EVENT_ID_PATTERN).meta({ example: 'evt_01JDX3Q8N7M2F4K9V6T5R0W1YZ' }),
    type: z.enum(EVENT_TYPES),
    /** When the decision was committed (ISO 8601, UTC). */
    timestamp: z.string().meta({ example: '2026-12-02T10:15:00.000Z' }),
    data: z.object({
      /** The customer it concerns: the exchange's id first, Backdesk's beside it; null for a setting. */
      customer: z.object({ id: z.number().int(), externalId: z.string().nullable() }).nullable(),
      /** What changed: its kind (restriction, withdrawal, limit…), Backdesk's id and the exchange's. */
      subject: z.object({ kind: z.string(), id: z.string(), externalId: z.string().nullable() }),
      /** The fields that changed, before and after; on a creation `before` is null. */
      changes: z.record(z.string(), FieldChangeSchema),
      /** Who decided: a member, an integration, a counterparty VASP through TRP, or the system (an expiry). */
      actor: z.object({
        kind: z.enum(['member', 'integration', 'vasp', 'system']),
        id: z.number().int().nullable(),
        name: z.string().nullable(),
      }),
    }),
  })
  .meta({ id: 'Event' });
export type BackdeskEvent = z.infer<typeof EventSchema>;

/** An opaque, resumable position in the feed. */
const CursorSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Give the `next` of an earlier answer')
  .meta({ example: 'MTIzNDU' });

export const EVENTS_PAGE_MAX = 1000;

export const events = definePublicEndpoint({
  method: 'GET',
  path: '/api/v1/events',
  summary: 'The decisions to enforce, oldest first, from a cursor',
  description:
    'Pass the `next` of the previous answer as `after` to resume; without `after` the feed starts at its first event still kept. Every event appears once, in commit order: an event committed late never appears behind a cursor already handed out. An empty page keeps the same `next`.',
  tags: ['events'],
  scope: 'events:read',
  query: z.strictObject({
    after: CursorSchema.optional(),
    limit: z.coerce.number().int().min(1).max(EVENTS_PAGE_MAX).default(100),
  }),
  response: z.object({
    events: z.array(EventSchema),
    /** Where to resume: pass it as `after`. */
    next: CursorSchema,
    /** More events were there than `limit`: ask again at once. */
    hasMore: z.boolean(),
  }),
  errors: ['INVALID_CURSOR'],
});
