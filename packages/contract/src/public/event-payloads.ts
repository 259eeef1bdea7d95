// Each event type's body as a webhook delivers it (and the feed lists it), for the public OpenAPI
// document's `webhooks`: the envelope of EventSchema, with what each type's `changes` holds where the
// type fixes it. Additive to EventSchema, which stays the feed's shape for every type.
import { z } from 'zod';
import {
  LegalPersonSchema,
  NationalIdentificationSchema,
  NaturalPersonSchema,
} from '../compliance/travel-rule-ivms.ts';
import { TRAVEL_RULE_FIELDS, TRAVEL_RULE_STATES } from '../compliance/travel-rule-keys.ts';
import { EVENT_TYPES, type EventType } from './event-types.ts';
import { EventSchema } from './events.ts';

/** The travel-rule events (decision 0026): their subject is the transfer's travel-rule record. */
export const TRAVEL_RULE_EVENT_TYPES = [
  'travel_rule.held',
  'travel_rule.info_requested',
  'travel_rule.returned',
  'travel_rule.rejected',
  'travel_rule.completed',
] as const satisfies readonly EventType[];

/** Where a TRP exchange with the counterparty stands (decision 0030). */
export const TRP_TRANSFER_STATUSES = [
  'sent',
  'approved',
  'rejected',
  'confirmed',
  'canceled',
  'failed',
] as const;

// Identity numbers and birth dates never leave Backdesk in clear: the last four characters of an
// identifier (all of a short one hidden), the year of a birth date.
const MaskedIdentificationSchema = NationalIdentificationSchema.extend({
  nationalIdentifier: z
    .string()
    .regex(/^••••( .{4})?$/)
    .meta({
      description: 'Masked: `•••• ` and its last four characters (all hidden if short)',
      example: '•••• 8901',
    }),
});
const MaskedNaturalPersonSchema = NaturalPersonSchema.extend({
  nationalIdentification: MaskedIdentificationSchema.optional(),
  dateAndPlaceOfBirth: z
    .object({
      dateOfBirth: z
        .string()
        .regex(/^\d{4}-••-••$/)
        .meta({ description: 'Masked: the year only', example: '1990-••-••' }),
      placeOfBirth: z.string(),
    })
    .optional(),
});
const MaskedLegalPersonSchema = LegalPersonSchema.extend({
  nationalIdentification: MaskedIdentificationSchema.optional(),
});
const MaskedPersonSchema = z.strictObject({
  naturalPerson: MaskedNaturalPersonSchema.optional(),
  legalPerson: MaskedLegalPersonSchema.optional(),
});
const accounts = z.array(z.string()).optional().meta({ description: 'Wallet addresses' });

/** A field's value before and after the decision; null where that side has none. */
const change = <T extends z.ZodType>(value: T) =>
  z.object({ before: value.nullable(), after: value.nullable() });

/**
 * What a travel-rule event's `changes` may hold: only the fields that changed are there. The parties
 * are IVMS101 (decision 0026's subset), identity numbers and birth dates masked.
 */
export const TravelRuleEventChangesSchema = z
  .strictObject({
    state: change(z.enum(TRAVEL_RULE_STATES)),
    state_reason: change(z.string()).meta({ description: "The officer's note or reason" }),
    deadline: change(z.string()).meta({ description: 'When the information asked for is due (ISO 8601)' }),
    held: change(z.boolean()).meta({ description: 'Whether the deposit must not be credited' }),
    missing_fields: change(z.array(z.enum(TRAVEL_RULE_FIELDS))),
    originator: change(z.object({ originatorPersons: z.array(MaskedPersonSchema), accountNumber: accounts })),
    beneficiary: change(
      z.object({ beneficiaryPersons: z.array(MaskedPersonSchema), accountNumber: accounts }),
    ),
    originating_vasp: change(z.object({ originatingVASP: MaskedPersonSchema })),
    beneficiary_vasp: change(z.object({ beneficiaryVASP: MaskedPersonSchema })),
    trp: change(
      z.object({
        status: z.enum(TRP_TRANSFER_STATUSES),
        reason: z.string().nullable(),
        txid: z.string().nullable(),
      }),
    ).meta({ description: 'The TRP exchange with the counterparty VASP (decision 0030)' }),
  })
  .partial();

const { data } = EventSchema.shape;

/** What each event tells the exchange, and what it is to do (docs/integration.md, section 5). */
export const EVENT_DESCRIPTIONS: Record<EventType, string> = {
  'customer.created': 'Staff added a customer: create it in your systems.',
  'customer.updated':
    'Staff edited a customer: apply the changes and send the customer back with a higher version.',
  'customer.type_changed': "The customer's type (tier) changed.",
  'customer.kyc_changed': "The customer's KYC level or status changed.",
  'restriction.added': 'A restriction on the customer was added: enforce it.',
  'restriction.lifted': 'A restriction was lifted.',
  'restriction.expired': 'A restriction ended by time.',
  'withdrawal.approved': 'A withdrawal held for review was approved: send it.',
  'withdrawal.rejected': 'A withdrawal held for review was rejected: do not send it.',
  'p2p_offer.suspended': 'A P2P offer was suspended.',
  'p2p_trade.cancelled': 'A P2P trade was cancelled.',
  'p2p_dispute.settled': 'A P2P dispute was settled.',
  'limits.changed': 'Transaction limits were created, edited or deleted.',
  'travel_rule.held':
    'A deposit from a VASP arrived with required travel-rule information missing: do not credit it until `travel_rule.completed`.',
  'travel_rule.info_requested':
    "Travel-rule information is missing (an officer asked, or the transfer lacked it): gather the `missing_fields` by the `deadline` and send them with the transfer's next version.",
  'travel_rule.returned': 'An officer returned the transfer, its gaps still open: return it.',
  'travel_rule.rejected': 'An officer rejected the transfer: refuse it (a withdrawal: do not send it).',
  'travel_rule.completed':
    'The record was verified, or the data asked for arrived where no verification is needed: release a held deposit.',
  'test.ping': 'Sent by "Send test event" only; not in the feed.',
};

/** One event type's body: the envelope, its `type` fixed; a travel-rule event's subject and changes too. */
function payloadOf(type: EventType) {
  const base = EventSchema.extend({ type: z.literal(type) });
  if (!(TRAVEL_RULE_EVENT_TYPES as readonly string[]).includes(type)) return base;
  return base.extend({
    data: data.extend({
      customer: data.shape.customer.unwrap(),
      subject: z.object({
        kind: z.literal('travel_rule_record'),
        id: z.string().meta({ description: "Backdesk's id of the record" }),
        externalId: z.string().nullable().meta({ description: "The exchange's id of the transfer" }),
      }),
      changes: TravelRuleEventChangesSchema,
    }),
  });
}

/** The body of each event type, for the OpenAPI document's `webhooks` and for receivers' tests. */
export const EVENT_PAYLOAD_SCHEMAS = Object.fromEntries(EVENT_TYPES.map((t) => [t, payloadOf(t)])) as Record<
  EventType,
  ReturnType<typeof payloadOf>
>;
