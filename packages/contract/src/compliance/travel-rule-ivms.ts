import { z } from 'zod';
import { DATE_YEARS } from '../dates.ts';
import {
  ADDRESS_TYPES,
  LEGAL_NAME_TYPES,
  NATIONAL_IDENTIFIER_TYPES,
  NATURAL_NAME_TYPES,
} from './travel-rule-keys.ts';

/*
 * The subset of IVMS101 a travel-rule record keeps (docs/decisions/0026-travel-rule.md). Field names
 * are IVMS101's own, so a refusal's path reads the same to an officer and to a counterparty VASP.
 * Each refusal Backdesk words itself carries `params.rule` (locales `errors:issues.<rule>`).
 */

const rule = (name: string, message: string) => ({ message, params: { rule: name } });

const text = (max: number) => z.string().trim().min(1).max(max);

/** ISO 3166-1 alpha-2, in capitals. */
export const CountryCodeSchema = z
  .string()
  .trim()
  .refine((v) => /^[A-Z]{2}$/.test(v), rule('ivms_country', 'Enter a two-letter country code, such as TR'));

/** ISO 17442: 18 letters or digits and two check digits, valid by ISO 7064 mod 97-10. */
/** ISO 7064 mod 97-10 of letters and digits, letters counted A = 10 … Z = 35. */
function mod97(value: string): number {
  let remainder = 0;
  for (const ch of value) {
    const digits = /[0-9]/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder;
}

export function isValidLei(value: string): boolean {
  return /^[A-Z0-9]{18}[0-9]{2}$/.test(value) && mod97(value) === 1;
}

/** The LEI whose first 18 characters are `base` (upper-case letters and digits): its check digits added. */
export function leiWithCheckDigits(base: string): string {
  return `${base}${String(98 - mod97(`${base}00`)).padStart(2, '0')}`;
}

export const LeiSchema = z
  .string()
  .trim()
  .refine(isValidLei, rule('ivms_lei', 'Enter a valid 20-character LEI (ISO 17442)'));

/**
 * A date of birth: a real calendar day (no 30 February), not in the future, not before DATE_YEARS.
 * Checked by hand rather than with z.iso.date() so every failure carries the one rule name.
 */
export const BirthDateSchema = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
    const date = new Date(Date.UTC(year, month - 1, day));
    const real =
      match !== null &&
      date.getUTCFullYear() === year &&
      date.getUTCMonth() === month - 1 &&
      date.getUTCDate() === day;
    if (!real || year < DATE_YEARS.minimum || date.getTime() > Date.now())
      ctx.addIssue({
        code: 'custom',
        ...rule('ivms_birth_date', 'Enter a real date of birth (YYYY-MM-DD), not in the future'),
      });
  });

export const NaturalPersonNameIdSchema = z.object({
  /** The family name (or the whole name where it is not split). */
  primaryIdentifier: text(100),
  secondaryIdentifier: text(100).optional(),
  nameIdentifierType: z.enum(NATURAL_NAME_TYPES, {
    message: 'Choose a name type: LEGL, BIRT, MAID, ALIA or MISC',
  }),
});

export const LegalPersonNameIdSchema = z.object({
  legalPersonName: text(100),
  legalPersonNameIdentifierType: z.enum(LEGAL_NAME_TYPES, {
    message: 'Choose a name type: LEGL, SHRT or TRAD',
  }),
});

export const AddressSchema = z
  .object({
    addressType: z.enum(ADDRESS_TYPES, { message: 'Choose an address type: HOME, BIZZ or GEOG' }),
    streetName: text(70).optional(),
    buildingNumber: text(16).optional(),
    buildingName: text(35).optional(),
    postCode: text(16).optional(),
    townName: text(35).optional(),
    countrySubDivision: text(35).optional(),
    addressLine: z.array(text(70)).max(7).optional(),
    country: CountryCodeSchema,
  })
  // IVMS101 C8: an address is either free lines or at least a town.
  .refine((a) => a.townName !== undefined || (a.addressLine?.length ?? 0) > 0, {
    path: ['townName'],
    ...rule('ivms_address_town', 'Enter the town, or the address in lines'),
  });

export const NationalIdentificationSchema = z.object({
  nationalIdentifier: text(35),
  nationalIdentifierType: z.enum(NATIONAL_IDENTIFIER_TYPES, {
    message: 'Choose an identifier type: ARNU, CCPT, RAID, DRLC, FIIN, TXID, SOCS, IDCD, LEIX or MISC',
  }),
  countryOfIssue: CountryCodeSchema.optional(),
});

export const NaturalPersonSchema = z.object({
  name: z.object({
    nameIdentifier: z
      .array(NaturalPersonNameIdSchema)
      .max(5)
      .refine(
        (names) => names.length > 0,
        rule('ivms_name_required', 'Enter at least one name of the person'),
      ),
  }),
  geographicAddress: z.array(AddressSchema).max(5).optional(),
  nationalIdentification: NationalIdentificationSchema.refine((n) => n.nationalIdentifierType !== 'LEIX', {
    path: ['nationalIdentifierType'],
    ...rule('ivms_lei_natural', 'An LEI identifies a legal person, not a natural one'),
  }).optional(),
  customerIdentification: text(50).optional(),
  dateAndPlaceOfBirth: z.object({ dateOfBirth: BirthDateSchema, placeOfBirth: text(70) }).optional(),
  countryOfResidence: CountryCodeSchema.optional(),
});
export type NaturalPerson = z.infer<typeof NaturalPersonSchema>;

export const LegalPersonSchema = z.object({
  name: z.object({
    nameIdentifier: z
      .array(LegalPersonNameIdSchema)
      .max(5)
      .refine(
        (names) => names.length > 0,
        rule('ivms_name_required', 'Enter at least one name of the person'),
      ),
  }),
  geographicAddress: z.array(AddressSchema).max(5).optional(),
  customerNumber: text(50).optional(),
  nationalIdentification: NationalIdentificationSchema.refine(
    (n) => n.nationalIdentifierType !== 'LEIX' || isValidLei(n.nationalIdentifier),
    { path: ['nationalIdentifier'], ...rule('ivms_lei', 'Enter a valid 20-character LEI (ISO 17442)') },
  ).optional(),
  countryOfRegistration: CountryCodeSchema.optional(),
});
export type LegalPerson = z.infer<typeof LegalPersonSchema>;

/**
 * IVMS101's Person: exactly one of a natural or a legal person. An object with two optional keys
 * rather than a union, so a fault inside either is refused at its own field path.
 */
export const PersonSchema = z
  .strictObject({ naturalPerson: NaturalPersonSchema.optional(), legalPerson: LegalPersonSchema.optional() })
  .refine(
    (p) => (p.naturalPerson === undefined) !== (p.legalPerson === undefined),
    rule('ivms_person_kind', 'Give either a natural person or a legal person'),
  );
export type Person = z.infer<typeof PersonSchema>;

/** Account numbers are the wallet addresses (IVMS101 keeps the name). */
const AccountNumbersSchema = z.array(text(100)).max(10);

export const OriginatorSchema = z.object({
  originatorPersons: z
    .array(PersonSchema)
    .max(5)
    .refine((p) => p.length > 0, rule('ivms_person_required', 'Enter the person')),
  accountNumber: AccountNumbersSchema.optional(),
});
export type Originator = z.infer<typeof OriginatorSchema>;

export const BeneficiarySchema = z.object({
  beneficiaryPersons: z
    .array(PersonSchema)
    .max(5)
    .refine((p) => p.length > 0, rule('ivms_person_required', 'Enter the person')),
  accountNumber: AccountNumbersSchema.optional(),
});
export type Beneficiary = z.infer<typeof BeneficiarySchema>;

export const OriginatingVaspSchema = z.object({ originatingVASP: PersonSchema });
export type OriginatingVasp = z.infer<typeof OriginatingVaspSchema>;
export const BeneficiaryVaspSchema = z.object({ beneficiaryVASP: PersonSchema });
export type BeneficiaryVasp = z.infer<typeof BeneficiaryVaspSchema>;

/** A record's four parties; each may still be missing. */
export const TravelRulePartiesSchema = z.object({
  originator: OriginatorSchema.nullable(),
  beneficiary: BeneficiarySchema.nullable(),
  originating_vasp: OriginatingVaspSchema.nullable(),
  beneficiary_vasp: BeneficiaryVaspSchema.nullable(),
});
export type TravelRuleParties = z.infer<typeof TravelRulePartiesSchema>;
