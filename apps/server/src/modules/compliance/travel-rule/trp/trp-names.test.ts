import { describe, expect, it } from 'vitest';
import { beneficiaryNameMatches, normalName } from './trp-names.ts';

const person = (primaryIdentifier: string, secondaryIdentifier?: string) => ({
  naturalPerson: {
    name: {
      nameIdentifier: [
        {
          primaryIdentifier,
          ...(secondaryIdentifier ? { secondaryIdentifier } : {}),
          nameIdentifierType: 'LEGL' as const,
        },
      ],
    },
  },
});
const beneficiary = (...persons: ReturnType<typeof person>[]) => ({ beneficiaryPersons: persons });

describe('the beneficiary name a TRP inquiry gives, against our customer', () => {
  it('ignores case, diacritics and punctuation, and treats every Turkish i alike', () => {
    expect(normalName('  IŞIK,  Ayşe-Gül ')).toBe('isik ayse gul');
    expect(normalName('İSMAİL Çağrı')).toBe(normalName('ismail cagri'));
    expect(normalName('Işıl')).toBe(normalName('ISIL'));
    expect(normalName('Straße')).toBe('strasse');
  });

  it('matches the given and family names in either order, against any natural person named', () => {
    const customer = { givenName: 'Ayşe', familyName: 'Işık' };
    expect(beneficiaryNameMatches(beneficiary(person('IŞIK', 'AYŞE')), customer)).toBe(true);
    expect(beneficiaryNameMatches(beneficiary(person('Ayse Isik')), customer)).toBe(true);
    expect(
      beneficiaryNameMatches(beneficiary(person('Kaya', 'Mert'), person('ışık', 'ayşe')), customer),
    ).toBe(true);
  });

  it('refuses another name, a part of the name, a legal person, or a customer without a name', () => {
    const customer = { givenName: 'Ayşe', familyName: 'Işık' };
    expect(beneficiaryNameMatches(beneficiary(person('Işık', 'Ayten')), customer)).toBe(false);
    expect(beneficiaryNameMatches(beneficiary(person('Işık')), customer)).toBe(false);
    expect(beneficiaryNameMatches(beneficiary(person('Işık', 'Ayşe Nur')), customer)).toBe(false);
    const legal = {
      beneficiaryPersons: [
        {
          legalPerson: {
            name: {
              nameIdentifier: [
                { legalPersonName: 'Ayşe Işık', legalPersonNameIdentifierType: 'LEGL' as const },
              ],
            },
          },
        },
      ],
    };
    expect(beneficiaryNameMatches(legal as never, customer)).toBe(false);
    expect(
      beneficiaryNameMatches(beneficiary(person('Işık', 'Ayşe')), { givenName: null, familyName: null }),
    ).toBe(false);
  });
});
