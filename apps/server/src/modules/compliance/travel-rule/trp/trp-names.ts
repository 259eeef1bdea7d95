import type { Beneficiary } from '@backdesk/contract';

/**
 * A name as two spellings of it compare: case and diacritics aside, Turkish dotted and dotless i
 * alike (İ, I, ı and i are one letter here: "IŞIK" from one VASP is "Işık" at the other, and a
 * locale-free lower-casing would turn İ into "i̇"), punctuation and repeated spaces dropped.
 */
export function normalName(name: string): string {
  return name
    .replace(/[İIı]/g, 'i')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of a name, sorted: "Demir, Ayşe" and "Ayşe Demir" are one name. */
const words = (name: string) => normalName(name).split(' ').filter(Boolean).sort().join(' ');

/**
 * Whether the beneficiary an inquiry names is our customer: one of its natural persons carries, as
 * any of its name identifiers, the customer's given and family names (in any order). A legal person
 * is never one of our customers (they are natural persons).
 */
export function beneficiaryNameMatches(
  beneficiary: Beneficiary,
  customer: { givenName: string | null; familyName: string | null },
): boolean {
  const ours = words(`${customer.givenName ?? ''} ${customer.familyName ?? ''}`);
  if (!ours) return false;
  return beneficiary.beneficiaryPersons.some((person) =>
    (person.naturalPerson?.name.nameIdentifier ?? []).some(
      (n) => words(`${n.secondaryIdentifier ?? ''} ${n.primaryIdentifier}`) === ours,
    ),
  );
}
