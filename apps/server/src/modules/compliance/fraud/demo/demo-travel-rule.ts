import type { Person, TravelRuleBlock, TravelRuleDirection, TravelRuleVaspRef } from '@backdesk/contract';
import { type Rng, weighted } from '../../../../db/seed/prng.ts';
import { FAMILY, GIVEN, inventedIdentityNumber, natural } from '../../../../db/seed/travel-rule.ts';

/*
 * The travel-rule data the exchange simulator sends with a crypto deposit or withdrawal (issue 38,
 * decision 0026), as an exchange with its own travel-rule tooling would: most transfers to and from
 * VASPs of the directory carry every IVMS101 field an officer may ask for; some only the names and
 * accounts that travel unverified below a threshold; a few leave the other side's person out, so the
 * queue gets live work; some go to or come from the customer's own self-hosted wallet; the rest, at
 * addresses nobody attributes, carry none. Every person is invented.
 */

export const TRAVEL_RULE_SHAPES = ['complete', 'names_only', 'gap', 'self_hosted', 'none'] as const;
export type TravelRuleShape = (typeof TRAVEL_RULE_SHAPES)[number];

/** A customer as the exchange knows it (its seeded or simulated profile). */
export interface SimulatedCustomer {
  id: number;
  givenName: string | null;
  familyName: string | null;
  /** YYYY-MM-DD. */
  birthDate: string | null;
  /** ISO 3166-1 alpha-2, when known. */
  nationality: string | null;
}

export interface SimulatedTransfer {
  direction: TravelRuleDirection;
  customer: SimulatedCustomer;
  /** The customer's own account at the exchange on the transfer's network. */
  customerAccount: string;
  /** The other side's address: where a withdrawal goes, where a deposit came from. */
  address: string;
}

/** A VASP of the directory as the exchange names it: by LEI where it has one (Backdesk's id otherwise). */
export interface SimulatedVasp {
  ref: TravelRuleVaspRef;
  name: string;
}

export interface DrawnTravelRule {
  shape: TravelRuleShape;
  block?: TravelRuleBlock;
  vasp?: SimulatedVasp;
}

const drawShape = weighted<TravelRuleShape>([
  ['complete', 55],
  ['names_only', 12],
  ['gap', 8],
  ['self_hosted', 10],
  ['none', 15],
]);
/** Without a VASP to name, a transfer goes to the customer's own wallet or to an unknown address. */
const drawWithoutVasp = weighted<TravelRuleShape>([
  ['self_hosted', 40],
  ['none', 60],
]);

const TOWNS = [
  ['İstanbul', 'TR'],
  ['Ankara', 'TR'],
  ['İzmir', 'TR'],
  ['Berlin', 'DE'],
  ['Milano', 'IT'],
  ['Praha', 'CZ'],
  ['Boston', 'US'],
] as const;
const COUNTRY = /^[A-Z]{2}$/;

/** The customer as IVMS101 has them; `full` adds the identifier, birth and address the exchange's KYC holds. */
export function customerPerson(c: SimulatedCustomer, full: boolean): Person {
  const family = c.familyName ?? FAMILY[c.id % FAMILY.length]!;
  const given = c.givenName ?? GIVEN[c.id % GIVEN.length]!;
  if (!full) return natural(family, given);
  const country = c.nationality && COUNTRY.test(c.nationality) ? c.nationality : 'TR';
  return natural(family, given, {
    nationalIdentification:
      country === 'TR'
        ? {
            nationalIdentifier: inventedIdentityNumber(c.id),
            nationalIdentifierType: 'RAID',
            countryOfIssue: 'TR',
          }
        : {
            nationalIdentifier: `P${inventedIdentityNumber(c.id).slice(-8)}`,
            nationalIdentifierType: 'CCPT',
            countryOfIssue: country,
          },
    ...(c.birthDate ? { dateAndPlaceOfBirth: { dateOfBirth: c.birthDate, placeOfBirth: 'İstanbul' } } : {}),
    geographicAddress: [{ addressType: 'HOME', townName: 'İstanbul', country: 'TR' }],
    countryOfResidence: 'TR',
  });
}

/** Someone at another VASP, invented; `full` with a passport number and a home town. */
function counterpartyPerson(rng: Rng, full: boolean): Person {
  const family = rng.pick(FAMILY);
  const given = rng.pick(GIVEN);
  if (!full) return natural(family, given);
  const [town, country] = rng.pick(TOWNS);
  return natural(family, given, {
    nationalIdentification: {
      nationalIdentifier: `U${rng.int(10_000_000, 99_999_999)}`,
      nationalIdentifierType: 'CCPT',
    },
    geographicAddress: [{ addressType: 'HOME', townName: town, country }],
  });
}

/**
 * The travel-rule block of one crypto transfer, drawn; none for a shape that carries no data. `shape`
 * asks for one (the complete data the exchange gathered after an officer asked for it).
 */
export function drawTravelRule(
  rng: Rng,
  transfer: SimulatedTransfer,
  vasps: readonly SimulatedVasp[],
  shape: TravelRuleShape = vasps.length > 0 ? drawShape(rng) : drawWithoutVasp(rng),
): DrawnTravelRule {
  const { direction, customer, customerAccount, address } = transfer;
  const withdrawal = direction === 'withdrawal';
  if (shape === 'none') return { shape };
  if (shape === 'self_hosted') {
    // The customer's own wallet: they are both the sender and the receiver.
    const [from, to] = withdrawal ? [customerAccount, address] : [address, customerAccount];
    return {
      shape,
      block: {
        originator: { originatorPersons: [customerPerson(customer, true)], accountNumber: [from] },
        beneficiary: { beneficiaryPersons: [customerPerson(customer, false)], accountNumber: [to] },
        selfHosted: true,
      },
    };
  }
  if (vasps.length === 0) return { shape: 'none' };
  const vasp = rng.pick(vasps);
  const full = shape !== 'names_only';
  const sender = withdrawal ? customerPerson(customer, full) : counterpartyPerson(rng, full);
  const receiver = withdrawal ? counterpartyPerson(rng, full) : customerPerson(customer, full);
  const originator = { originatorPersons: [sender], accountNumber: [withdrawal ? customerAccount : address] };
  const beneficiary = {
    beneficiaryPersons: [receiver],
    accountNumber: [withdrawal ? address : customerAccount],
  };
  // A gap leaves out the person on the other side: the one the exchange has to ask the counterparty for.
  const gap = shape === 'gap';
  return {
    shape,
    vasp,
    block: withdrawal
      ? { originator, ...(gap ? {} : { beneficiary }), beneficiaryVasp: vasp.ref }
      : { ...(gap ? {} : { originator }), beneficiary, originatingVasp: vasp.ref },
  };
}

/** One line of what a withdrawal check answered, for the simulator's output: the fields missing, the rule tripped. */
export function checkLine(
  withdrawalId: string,
  answer: { decision: string; reasons: ReadonlyArray<{ code: string; params: Record<string, unknown> }> },
): string {
  const reasons = answer.reasons.map((r) => {
    const detail = r.params.fields ?? r.params.rule;
    return typeof detail === 'string' ? `${r.code} (${detail})` : r.code;
  });
  return `withdrawal ${withdrawalId}: ${answer.decision}${reasons.length ? ` — ${reasons.join(', ')}` : ''}`;
}
