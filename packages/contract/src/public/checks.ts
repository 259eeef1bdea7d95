// The exchange's real-time checks (decision 0025, "Real-time checks"): asked before it sends a
// withdrawal or opens a P2P trade, answered allow / review / block with the reasons. The schemas are
// the public API's; the staff screens read the recorded checks through transactions/checks.ts.
import { z } from 'zod';
import { amountIssue, amountIssueMessage } from '../rules/amounts.ts';
import { ASSETS } from '../rules/assets.ts';
import { CHECK_DECISIONS, CHECK_EFFECTS, CHECK_REASON_CODES } from '../transactions/keys.ts';
import { definePublicEndpoint } from './endpoint.ts';
import { TravelRuleBlockSchema } from './travel-rule.ts';

/**
 * What the exchange's client does when no answer comes: after CHECK_CLIENT_TIMEOUT_MS, or on any
 * answer that is not a 200, it holds the operation as `review` and never allows it (fail closed).
 */
export const CHECK_CLIENT_TIMEOUT_MS = 2000;
export const CHECK_FAIL_CLOSED =
  'Fail closed: a client that has no 200 answer within 2 seconds (a timeout, a refused connection, any 4xx or 5xx) treats the operation as `review` (holds it) and never as `allow`. Retrying the same check is safe: a withdrawal it holds for review is created once per withdrawalId.';

/** An id the exchange gives its own objects: printable, no spaces. */
const ExternalIdSchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,100}$/, 'Give 1 to 100 printable characters without spaces')
  .meta({ example: 'wd_8f2c41' });

/**
 * The customer: the exchange's own id (`externalId`, as it sends customers) or Backdesk's numeric
 * id. Exactly one of the two.
 */
export const CustomerRefSchema = z
  .union([
    z.strictObject({ externalId: ExternalIdSchema }),
    z.strictObject({ id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
  ])
  .meta({
    description:
      'The customer, by the exchange\'s id ({ "externalId": "u-1001" }) or Backdesk\'s ({ "id": 42 })',
  });
export type CustomerRef = z.infer<typeof CustomerRefSchema>;

const NetworkSchema = z
  .string()
  .regex(/^[A-Z0-9][A-Z0-9_-]{1,19}$/, 'A network in capitals, such as TRC20, ERC20 or BITCOIN')
  .meta({ example: 'TRC20' });
const AddressSchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,200}$/, 'An address of 1 to 200 printable characters without spaces');
const IpSchema = z.union([z.ipv4(), z.ipv6()]).meta({ description: 'The address the customer asked from' });
const DeviceSchema = z.string().min(1).max(200).meta({ description: 'The device the customer asked from' });

/** A positive amount as exact decimal text, with no more places than its asset carries. */
const amountOf = (asset: () => string | null) =>
  z
    .string()
    .superRefine((value, ctx) => {
      const issue = amountIssue(value, asset());
      if (issue || value !== value.trim())
        ctx.addIssue({ code: 'custom', message: amountIssueMessage(issue ?? { code: 'not_a_number' }) });
      else if (!/[1-9]/.test(value))
        ctx.addIssue({ code: 'custom', message: 'The amount must be above zero' });
    })
    .meta({
      format: 'decimal',
      description: 'A positive amount as decimal text (never a JSON number)',
      example: '1250.50',
    });

export const WithdrawalCheckBodySchema = z
  .strictObject({
    /** The exchange's id of the withdrawal: a repeated check of one withdrawal holds it for review once. */
    withdrawalId: ExternalIdSchema,
    customer: CustomerRefSchema,
    asset: z.enum(ASSETS),
    network: NetworkSchema,
    amount: z.string(),
    toAddress: AddressSchema.meta({ description: 'Where the withdrawal goes' }),
    fromAddress: AddressSchema.optional().meta({
      description: 'The platform wallet that pays it: the limit selection rule reads it',
    }),
    ip: IpSchema.optional(),
    deviceId: DeviceSchema.optional(),
    /** The travel rule's data of this withdrawal, when the exchange has it (decision 0026). */
    travelRule: TravelRuleBlockSchema.optional(),
  })
  .superRefine((body, ctx) => {
    const checked = amountOf(() => body.asset).safeParse(body.amount);
    if (!checked.success)
      for (const issue of checked.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['amount'] });
  });
export type WithdrawalCheckBody = z.infer<typeof WithdrawalCheckBodySchema>;

export const P2pCheckBodySchema = z.strictObject({
  /** The exchange's id of the trade it is about to open. */
  tradeId: ExternalIdSchema,
  /** The buyer, who opens the trade. */
  customer: CustomerRefSchema,
  /** The offer the trade takes: the exchange's id, as it sends offers (or an offer's trade market GUID). */
  offerId: ExternalIdSchema.meta({ example: 'offer_5b0c7e2e' }),
  amount: amountOf(() => null),
  ip: IpSchema.optional(),
  deviceId: DeviceSchema.optional(),
});
export type P2pCheckBody = z.infer<typeof P2pCheckBodySchema>;

const ParamValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.number())]);

export const CheckReasonSchema = z.object({
  code: z.enum(CHECK_REASON_CODES),
  /** What the reason does: `block` outweighs `review`. */
  effect: z.enum(CHECK_EFFECTS),
  /** English text for logs; a screen words the code in its own language. */
  message: z.string(),
  /** The figures it names (the limit's id and bound, the blocklist entry, the rule and its figures). */
  params: z.record(z.string(), ParamValueSchema),
});
export type CheckReason = z.infer<typeof CheckReasonSchema>;

export const CheckAnswerSchema = z.object({
  checkId: z.string().meta({ description: 'The recorded check' }),
  decision: z.enum(CHECK_DECISIONS),
  reasons: z.array(CheckReasonSchema),
  evaluatedAt: z.string(),
  /**
   * With `review` on a withdrawal: Backdesk's id of the withdrawal held for review; its outcome goes
   * out as the event `withdrawal.approved` or `withdrawal.rejected`. Null otherwise.
   */
  reviewId: z.number().int().nullable(),
});
export type CheckAnswer = z.infer<typeof CheckAnswerSchema>;

/** The English text of each reason (`{{name}}` from its params); screens word the code in their language. */
export const CHECK_REASON_TEXT: Record<CheckReason['code'], string> = {
  CUSTOMER_RESTRICTED: 'The customer has an active {{kind}} restriction',
  COUNTERPARTY_RESTRICTED: 'The counterparty has an active {{kind}} restriction',
  BELOW_LIMIT_MINIMUM: 'Below the minimum of {{amount}} {{asset}} per operation (limit #{{lid}})',
  ABOVE_LIMIT_MAXIMUM: 'Above the maximum of {{amount}} {{asset}} per operation (limit #{{lid}})',
  DAILY_CAP_EXCEEDED:
    "With the customer's last 24 hours it would exceed {{amount}} {{asset}} (limit #{{lid}})",
  MONTHLY_CAP_EXCEEDED:
    "With the customer's last 30 days it would exceed {{amount}} {{asset}} (limit #{{lid}})",
  BLOCKLISTED: 'The {{kind}} {{value}} is on the blocklist (entry #{{entryId}})',
  SCREENING_CONFIRMED: 'A sanctions or PEP match of the {{role}} was confirmed',
  SCREENING_OPEN: 'The {{role}} has a sanctions or PEP match nobody has cleared yet',
  FRAUD_RULE: 'The fraud rule {{rule}} would raise a {{severity}} alert',
  OFFER_SUSPENDED: 'The offer is suspended',
  TRAVEL_RULE_MISSING: 'The travel rule ({{jurisdiction}}) requires {{fields}}, which the check lacks',
  TRAVEL_RULE_VASP_REJECTED: "The counterparty VASP {{vasp}} failed Backdesk's due diligence",
  TRAVEL_RULE_REJECTED: "The withdrawal's travel-rule record was rejected",
  TRAVEL_RULE_AWAITING_COUNTERPARTY:
    'The beneficiary VASP {{vasp}} has not yet answered the travel-rule inquiry',
};

/** A reason with its English text filled from its params. */
export function checkReason(
  code: CheckReason['code'],
  effect: CheckReason['effect'],
  params: CheckReason['params'],
): CheckReason {
  const message = CHECK_REASON_TEXT[code].replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    String(params[name] ?? ''),
  );
  return { code, effect, message, params };
}

/** What a check answers when Backdesk cannot answer it in time (decision 0025). */
const NOT_IN_TIME_TEXT =
  'A check Backdesk cannot answer in time (it waited too long before its work started, its work ran past its statement timeout or found no database connection in time, or its answer was ready only after the 2 seconds of the client) is 503 CHECK_OVERLOADED with Retry-After: nothing of it is recorded or held.';

const REASONS_TEXT =
  'Every reason names its code, its effect (`review` or `block`; the strongest decides) and its figures.';

export const checkWithdrawal = definePublicEndpoint({
  method: 'POST',
  path: '/api/v1/checks/withdrawal',
  summary: 'Ask before sending a withdrawal: allow, review or block, with the reasons',
  description: `\`allow\`: send it. \`review\`: hold it; Backdesk puts the withdrawal under review (\`reviewId\`) and its outcome arrives as the event \`withdrawal.approved\` or \`withdrawal.rejected\`. \`block\`: do not send it. ${REASONS_TEXT} Travel rule: \`review\` with TRAVEL_RULE_MISSING when the rule of the applying jurisdiction requires data neither the request's \`travelRule\` block nor the withdrawal's record holds; \`block\` with TRAVEL_RULE_VASP_REJECTED when the counterparty VASP's due diligence is rejected, and with TRAVEL_RULE_REJECTED when the withdrawal's travel-rule record was rejected. An unknown customer is 404 CUSTOMER_NOT_FOUND (send the customer first). ${NOT_IN_TIME_TEXT} ${CHECK_FAIL_CLOSED}`,
  tags: ['checks'],
  scope: 'checks:withdrawal',
  errors: ['CUSTOMER_NOT_FOUND', 'WITHDRAWAL_NOT_PENDING', 'CHECK_OVERLOADED'],
  body: WithdrawalCheckBodySchema,
  response: CheckAnswerSchema,
  headers: {
    'Server-Timing': {
      description:
        "Diagnostic (W3C Server Timing), not part of the decision: `travel-rule;dur=…` the travel rule's judgement and `check;dur=…` the whole check inside Backdesk, in milliseconds with three decimals, e.g. `travel-rule;dur=0.412, check;dur=3.187`. May be absent, and may name other metrics later: read the ones you know, ignore the rest.",
    },
  },
});

export const checkP2p = definePublicEndpoint({
  method: 'POST',
  path: '/api/v1/checks/p2p',
  summary: 'Ask before opening a P2P trade on an offer: allow, review or block, with the reasons',
  description: `\`allow\`: open it. \`review\`: hold it for a person to look at; Backdesk records the check. \`block\`: do not open it. ${REASONS_TEXT} An unknown customer is 404 CUSTOMER_NOT_FOUND, an unknown offer 404 OFFER_NOT_FOUND. ${NOT_IN_TIME_TEXT} ${CHECK_FAIL_CLOSED}`,
  tags: ['checks'],
  scope: 'checks:p2p',
  errors: ['CUSTOMER_NOT_FOUND', 'OFFER_NOT_FOUND', 'CHECK_OVERLOADED'],
  body: P2pCheckBodySchema,
  response: CheckAnswerSchema,
});
