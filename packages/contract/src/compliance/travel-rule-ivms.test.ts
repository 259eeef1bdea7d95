import { describe, expect, it } from 'vitest';
import { isValidLei, OriginatorSchema, PersonSchema } from './travel-rule-ivms.ts';
import { IVMS_ISSUE_RULES } from './travel-rule-keys.ts';

const natural = {
  naturalPerson: {
    name: {
      nameIdentifier: [
        { primaryIdentifier: 'Yılmaz', secondaryIdentifier: 'Ayşe', nameIdentifierType: 'LEGL' },
      ],
    },
    nationalIdentification: {
      nationalIdentifier: '10000000146',
      nationalIdentifierType: 'RAID',
      countryOfIssue: 'TR',
    },
    dateAndPlaceOfBirth: { dateOfBirth: '1990-02-28', placeOfBirth: 'İzmir' },
    geographicAddress: [{ addressType: 'HOME', townName: 'İzmir', country: 'TR' }],
    countryOfResidence: 'TR',
  },
};

/** The issues of a refused value as path → rule name (or zod's code when the rule is zod's own). */
function refusals(
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: unknown[] } } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  expect(result.success).toBe(false);
  return (
    (result.error?.issues ?? []) as { path: PropertyKey[]; code: string; params?: { rule?: string } }[]
  ).map((i) => [i.path.join('.'), i.params?.rule ?? i.code]);
}

describe('IVMS101 schemas', () => {
  it('take a natural person and a legal person with a valid LEI', () => {
    expect(PersonSchema.safeParse(natural).success).toBe(true);
    const legal = {
      legalPerson: {
        name: {
          nameIdentifier: [{ legalPersonName: 'Örnek Kripto A.Ş.', legalPersonNameIdentifierType: 'LEGL' }],
        },
        nationalIdentification: {
          nationalIdentifier: '5493001KJTIIGC8Y1R12',
          nationalIdentifierType: 'LEIX',
        },
        countryOfRegistration: 'TR',
      },
    };
    expect(PersonSchema.safeParse(legal).success).toBe(true);
    expect(
      OriginatorSchema.safeParse({ originatorPersons: [natural], accountNumber: ['bc1qexample'] }).success,
    ).toBe(true);
  });

  it('refuse missing names, unknown identifier types and impossible dates at their field', () => {
    const p = natural.naturalPerson;
    expect(refusals(PersonSchema, { naturalPerson: { ...p, name: { nameIdentifier: [] } } })).toEqual([
      ['naturalPerson.name.nameIdentifier', 'ivms_name_required'],
    ]);
    expect(
      refusals(PersonSchema, {
        naturalPerson: {
          ...p,
          nationalIdentification: { nationalIdentifier: 'X1', nationalIdentifierType: 'PASS' },
        },
      }),
    ).toEqual([['naturalPerson.nationalIdentification.nationalIdentifierType', 'invalid_value']]);
    for (const dateOfBirth of ['1990-02-30', '2990-01-01', '1899-12-31', '31.12.1990'])
      expect(
        refusals(PersonSchema, {
          naturalPerson: { ...p, dateAndPlaceOfBirth: { dateOfBirth, placeOfBirth: 'Ankara' } },
        }),
        dateOfBirth,
      ).toEqual([['naturalPerson.dateAndPlaceOfBirth.dateOfBirth', 'ivms_birth_date']]);
    expect(
      refusals(PersonSchema, {
        naturalPerson: {
          ...p,
          nationalIdentification: {
            nationalIdentifier: '5493001KJTIIGC8Y1R12',
            nationalIdentifierType: 'LEIX',
          },
        },
      }),
    ).toEqual([['naturalPerson.nationalIdentification.nationalIdentifierType', 'ivms_lei_natural']]);
    expect(refusals(PersonSchema, { ...natural, legalPerson: {} })[0]).toEqual([
      'legalPerson.name',
      'invalid_type',
    ]);
    expect(refusals(PersonSchema, {})).toEqual([['', 'ivms_person_kind']]);
    expect(refusals(OriginatorSchema, { originatorPersons: [] })).toEqual([
      ['originatorPersons', 'ivms_person_required'],
    ]);
    expect(
      refusals(PersonSchema, {
        naturalPerson: { ...p, geographicAddress: [{ addressType: 'HOME', country: 'tr' }] },
      }),
    ).toEqual([
      ['naturalPerson.geographicAddress.0.country', 'ivms_country'],
      ['naturalPerson.geographicAddress.0.townName', 'ivms_address_town'],
    ]);
  });

  it('check an LEI by its ISO 7064 check digits', () => {
    expect(isValidLei('5493001KJTIIGC8Y1R12')).toBe(true);
    expect(isValidLei('5493001KJTIIGC8Y1R13')).toBe(false);
    expect(isValidLei('5493001kjtiigc8y1r12')).toBe(false);
  });

  it('name every rule the web app words', () => {
    expect(new Set(IVMS_ISSUE_RULES).size).toBe(IVMS_ISSUE_RULES.length);
  });
});
