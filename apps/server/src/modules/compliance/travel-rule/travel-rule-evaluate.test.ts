import type { TravelRuleParties } from '@backdesk/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TRAVEL_RULE_RULES } from './travel-rule-defaults.ts';
import { type EvaluationInput, evaluateTravelRule } from './travel-rule-evaluate.ts';

const person = (family: string, extra: Record<string, unknown> = {}) => ({
  naturalPerson: {
    name: { nameIdentifier: [{ primaryIdentifier: family, nameIdentifierType: 'LEGL' as const }] },
    ...extra,
  },
});

const empty: TravelRuleParties = {
  originator: null,
  beneficiary: null,
  originating_vasp: null,
  beneficiary_vasp: null,
};
const full: TravelRuleParties = {
  originator: {
    originatorPersons: [
      person('Demir', {
        nationalIdentification: { nationalIdentifier: '10000000146', nationalIdentifierType: 'RAID' },
      }),
    ],
    accountNumber: ['0xorigin'],
  },
  beneficiary: { beneficiaryPersons: [person('Kaya')], accountNumber: ['0xbeneficiary'] },
  originating_vasp: null,
  beneficiary_vasp: null,
};

/** 1 ETH = 100,000 TRY = 2,500 USD = 2,300 EUR at the transfer's time. */
const base: EvaluationInput = {
  rules: DEFAULT_TRAVEL_RULE_RULES,
  home: 'TR',
  counterpartyJurisdiction: null,
  direction: 'withdrawal',
  amount: '0.2',
  rates: { TRY: '100000', USD: '2500', EUR: '2300' },
  walletKind: 'vasp',
  parties: empty,
  selfHostedProof: false,
};

describe('travel rule evaluation', () => {
  it('Türkiye: at 15,000 TRY verified data with an identifier, below it unverified names and accounts', () => {
    const at = evaluateTravelRule({ ...base, amount: '0.15' });
    expect(at).toMatchObject({
      jurisdiction: 'TR',
      currency: 'TRY',
      amountInCurrency: '15000',
      level: 'verified',
    });
    expect(at.missingFields).toContain('originator_identifier');
    expect(at.state).toBe('information_missing');

    const below = evaluateTravelRule({ ...base, amount: '0.14999' });
    expect(below).toMatchObject({
      amountInCurrency: '14999',
      level: 'unverified',
      state: 'information_missing',
    });
    expect(below.requiredFields).not.toContain('originator_identifier');
    expect(evaluateTravelRule({ ...base, amount: '0.14999', parties: full }).state).toBe(
      'required_unverified',
    );
    expect(evaluateTravelRule({ ...base, amount: '0.15', parties: full })).toMatchObject({
      missingFields: [],
      state: 'required_unverified',
    });
  });

  it('measures the amount exactly, never as a float', () => {
    const r = evaluateTravelRule({ ...base, amount: '0.1', rates: { TRY: '0.3' } });
    expect(r.amountInCurrency).toBe('0.03');
  });

  it('the stricter counterparty jurisdiction wins', () => {
    // 0.1 ETH = 10,000 TRY (below TR's threshold: unverified) = 230 EUR (EU: verified from 0).
    const eu = evaluateTravelRule({ ...base, amount: '0.1', counterpartyJurisdiction: 'EU' });
    expect(eu).toMatchObject({
      jurisdiction: 'EU',
      currency: 'EUR',
      amountInCurrency: '230',
      level: 'verified',
    });
    expect(eu.requiredFields).toContain('originator_address_or_birth');
    // The US (3,000 USD) asks nothing of 250 USD: Türkiye's rule stays.
    expect(evaluateTravelRule({ ...base, amount: '0.1', counterpartyJurisdiction: 'US' }).jurisdiction).toBe(
      'TR',
    );
    // Home US, counterparty Türkiye below both thresholds: Türkiye's unverified data is the stricter.
    const us = evaluateTravelRule({ ...base, home: 'US', amount: '0.1', counterpartyJurisdiction: 'TR' });
    expect(us).toMatchObject({ jurisdiction: 'TR', level: 'unverified' });
    expect(evaluateTravelRule({ ...base, home: 'US', amount: '0.1' })).toMatchObject({
      level: 'not_in_scope',
      state: 'not_in_scope',
      requiredFields: [],
    });
  });

  it('EU: a self-hosted wallet needs a proof of ownership from 1,000 EUR', () => {
    const eu = { ...base, home: 'EU' as const, walletKind: 'self_hosted' as const, parties: full };
    const big = evaluateTravelRule({ ...eu, amount: '0.5' }); // 1,150 EUR
    // The originator's national identification answers FATF's "address or identifier".
    expect(big.missingFields).toEqual(['self_hosted_proof']);
    expect(evaluateTravelRule({ ...eu, amount: '0.5', selfHostedProof: true }).state).toBe(
      'required_unverified',
    );
    expect(evaluateTravelRule({ ...eu, amount: '0.4' }).requiredFields).not.toContain('self_hosted_proof');
  });

  it('an unknown counterparty must be identified; a missing rate is asked for, never guessed', () => {
    const unknown = evaluateTravelRule({ ...base, walletKind: 'unknown', parties: full });
    expect(unknown.missingFields).toContain('counterparty_vasp');
    const named = evaluateTravelRule({
      ...base,
      walletKind: 'unknown',
      parties: {
        ...full,
        beneficiary_vasp: {
          beneficiaryVASP: {
            legalPerson: {
              name: { nameIdentifier: [{ legalPersonName: 'X', legalPersonNameIdentifierType: 'LEGL' }] },
            },
          },
        },
      },
    });
    expect(named.missingFields).not.toContain('counterparty_vasp');
    const noRate = evaluateTravelRule({ ...base, rates: {}, parties: full });
    expect(noRate).toMatchObject({ amountInCurrency: null, level: 'verified', state: 'information_missing' });
    expect(noRate.missingFields).toEqual(['rate']);
  });
});
