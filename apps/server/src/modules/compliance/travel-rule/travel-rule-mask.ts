import type { TravelRuleParties } from '@backdesk/contract';

/*
 * Identity numbers and birth dates are shown only on a reveal, each one audited (decision
 * 0026): every other answer, and the audit trail's before/after, carries them masked.
 */

/** The last four characters of an identifier, the rest hidden (the whole of a short one). */
export const maskIdentifier = (value: string): string =>
  value.length > 6 ? `•••• ${value.slice(-4)}` : '••••';

/** The year of a birth date; the day and month hidden. */
export const maskBirthDate = (value: string): string => `${value.slice(0, 4)}-••-••`;

type Json = Record<string, unknown>;

function maskPerson(person: unknown): unknown {
  if (typeof person !== 'object' || person === null) return person;
  const out: Json = {};
  for (const [kind, body] of Object.entries(person as Json)) {
    const p = { ...(body as Json) };
    const id = p.nationalIdentification as Json | undefined;
    if (id && typeof id.nationalIdentifier === 'string')
      p.nationalIdentification = { ...id, nationalIdentifier: maskIdentifier(id.nationalIdentifier) };
    const birth = p.dateAndPlaceOfBirth as Json | undefined;
    if (birth && typeof birth.dateOfBirth === 'string')
      p.dateAndPlaceOfBirth = { ...birth, dateOfBirth: maskBirthDate(birth.dateOfBirth) };
    out[kind] = p;
  }
  return out;
}

const maskList = (party: Json | null, key: string): Json | null =>
  party && Array.isArray(party[key]) ? { ...party, [key]: (party[key] as unknown[]).map(maskPerson) } : party;

const maskOne = (party: Json | null, key: string): Json | null =>
  party?.[key] ? { ...party, [key]: maskPerson(party[key]) } : party;

export function maskParties(parties: TravelRuleParties): Record<keyof TravelRuleParties, Json | null> {
  return {
    originator: maskList(parties.originator as Json | null, 'originatorPersons'),
    beneficiary: maskList(parties.beneficiary as Json | null, 'beneficiaryPersons'),
    originating_vasp: maskOne(parties.originating_vasp as Json | null, 'originatingVASP'),
    beneficiary_vasp: maskOne(parties.beneficiary_vasp as Json | null, 'beneficiaryVASP'),
  };
}
