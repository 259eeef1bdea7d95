import type {
  Person,
  TravelRuleCurrency,
  TravelRuleDirection,
  TravelRuleField,
  TravelRuleJurisdiction,
  TravelRuleJurisdictionRule,
  TravelRuleParties,
  TravelRuleRules,
  WalletKind,
} from '@backdesk/contract';
import { Decimal } from 'decimal.js';

/*
 * The travel rule's evaluation (docs/decisions/0026-travel-rule.md): a pure function of what was read,
 * so the queue, an edit, a verification and (later) the withdrawal check judge alike, and its cost can
 * be timed apart from the reads.
 */

export interface EvaluationInput {
  rules: TravelRuleRules;
  /** The exchange's own jurisdiction (deployment setting). */
  home: TravelRuleJurisdiction;
  /** The counterparty VASP's jurisdiction, when the directory knows it. */
  counterpartyJurisdiction: TravelRuleJurisdiction | null;
  direction: TravelRuleDirection;
  /** The transfer's amount in its asset, decimal text. */
  amount: string;
  /** The asset's price in each currency at the transfer's time (the exchange's rates); absent: none known. */
  rates: Partial<Record<TravelRuleCurrency, string>>;
  walletKind: WalletKind;
  parties: TravelRuleParties;
  /** Whether the self-hosted wallet's ownership was proved. */
  selfHostedProof: boolean;
}

/** How much a rule asks of one transfer: nothing, data that travels unverified, or verified data. */
export type Level = 'not_in_scope' | 'unverified' | 'verified';
const RANK: Record<Level, number> = { not_in_scope: 0, unverified: 1, verified: 2 };

export interface Evaluation {
  jurisdiction: TravelRuleJurisdiction;
  currency: TravelRuleCurrency;
  /** The amount in the jurisdiction's currency; null when no rate is known. */
  amountInCurrency: string | null;
  level: Level;
  requiredFields: TravelRuleField[];
  missingFields: TravelRuleField[];
  /** The state the record starts in (or returns to after an edit). */
  state: 'not_in_scope' | 'required_unverified' | 'information_missing';
}

interface Candidate {
  jurisdiction: TravelRuleJurisdiction;
  rule: TravelRuleJurisdictionRule;
  amountInCurrency: Decimal | null;
  level: Level;
  required: TravelRuleField[];
}

function candidate(input: EvaluationInput, jurisdiction: TravelRuleJurisdiction): Candidate {
  const rule = input.rules[jurisdiction];
  const rate = input.rates[rule.currency];
  const amountInCurrency = rate === undefined ? null : new Decimal(input.amount).times(rate);
  // Without a rate the amount cannot be placed against the threshold: ask for everything, and for the rate.
  const above = amountInCurrency === null || amountInCurrency.gte(rule.threshold);
  let level: Level = above
    ? 'verified'
    : rule.below_threshold === 'unverified'
      ? 'unverified'
      : 'not_in_scope';
  const required = new Set<TravelRuleField>(
    level === 'verified' ? rule.required_fields : level === 'unverified' ? rule.below_threshold_fields : [],
  );
  if (amountInCurrency === null) required.add('rate');
  const proofFrom = rule.self_hosted_proof_from;
  if (
    input.walletKind === 'self_hosted' &&
    proofFrom !== null &&
    (amountInCurrency === null || amountInCurrency.gte(proofFrom))
  ) {
    required.add('self_hosted_proof');
    if (level === 'not_in_scope') level = 'unverified';
  }
  if (level !== 'not_in_scope' && input.walletKind === 'unknown') required.add('counterparty_vasp');
  return { jurisdiction, rule, amountInCurrency, level, required: [...required] };
}

/** The stricter of two rules for this transfer: the higher level, then the longer list of fields. */
const stricter = (a: Candidate, b: Candidate): Candidate => {
  if (RANK[b.level] !== RANK[a.level]) return RANK[b.level] > RANK[a.level] ? b : a;
  return b.required.length > a.required.length ? b : a;
};

const persons = (parties: TravelRuleParties, side: 'originator' | 'beneficiary'): Person[] =>
  side === 'originator'
    ? (parties.originator?.originatorPersons ?? [])
    : (parties.beneficiary?.beneficiaryPersons ?? []);

const hasIdentification = (p: Person) =>
  (p.naturalPerson?.nationalIdentification ?? p.legalPerson?.nationalIdentification) !== undefined;

const hasAddressOrBirth = (p: Person) =>
  hasIdentification(p) ||
  (p.naturalPerson?.geographicAddress?.length ?? p.legalPerson?.geographicAddress?.length ?? 0) > 0 ||
  p.naturalPerson?.dateAndPlaceOfBirth !== undefined ||
  (p.naturalPerson?.customerIdentification ?? p.legalPerson?.customerNumber) !== undefined;

/** Whether the record holds one field a rule can require. */
export function fieldPresent(
  field: TravelRuleField,
  input: Pick<EvaluationInput, 'parties' | 'walletKind' | 'direction' | 'selfHostedProof'>,
): boolean {
  const { parties } = input;
  switch (field) {
    case 'originator_name':
      return persons(parties, 'originator').length > 0;
    case 'beneficiary_name':
      return persons(parties, 'beneficiary').length > 0;
    case 'originator_account':
      return (parties.originator?.accountNumber?.length ?? 0) > 0;
    case 'beneficiary_account':
      return (parties.beneficiary?.accountNumber?.length ?? 0) > 0;
    case 'originator_identifier':
      return persons(parties, 'originator').some(hasIdentification);
    case 'originator_address_or_birth':
      return persons(parties, 'originator').some(hasAddressOrBirth);
    case 'counterparty_vasp':
      // The other side's VASP: the beneficiary's on a withdrawal, the originator's on a deposit.
      return (
        input.walletKind === 'vasp' ||
        (input.direction === 'withdrawal' ? parties.beneficiary_vasp : parties.originating_vasp) !== null
      );
    case 'self_hosted_proof':
      return input.selfHostedProof;
    case 'rate':
      return false;
  }
}

export function evaluateTravelRule(input: EvaluationInput): Evaluation {
  let chosen = candidate(input, input.home);
  const other = input.counterpartyJurisdiction;
  if (other !== null && other !== input.home) chosen = stricter(chosen, candidate(input, other));
  const missingFields = chosen.required.filter((f) => !fieldPresent(f, input));
  return {
    jurisdiction: chosen.jurisdiction,
    currency: chosen.rule.currency,
    amountInCurrency: chosen.amountInCurrency?.toDecimalPlaces(18).toFixed() ?? null,
    level: chosen.level,
    requiredFields: chosen.required,
    missingFields,
    state:
      chosen.level === 'not_in_scope'
        ? 'not_in_scope'
        : missingFields.length > 0
          ? 'information_missing'
          : 'required_unverified',
  };
}
