import { publicApi } from '@backdesk/contract';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../../db/seed/prng.ts';
import { DEMO_VASPS } from '../../../../db/seed/travel-rule.ts';
import { DEFAULT_TRAVEL_RULE_RULES } from '../../travel-rule/travel-rule-defaults.ts';
import { evaluateTravelRule } from '../../travel-rule/travel-rule-evaluate.ts';
import {
  checkLine,
  customerPerson,
  drawTravelRule,
  type SimulatedVasp,
  TRAVEL_RULE_SHAPES,
} from './demo-travel-rule.ts';

const VASPS: SimulatedVasp[] = [
  { ref: { lei: DEMO_VASPS[1].lei }, name: DEMO_VASPS[1].name },
  { ref: { id: 3 }, name: 'Harbor Digital Assets LLC' },
];
const customer = {
  id: 42,
  givenName: 'Elif',
  familyName: 'Aksoy',
  birthDate: '1990-05-17',
  nationality: 'TR',
};
const transfer = (direction: 'deposit' | 'withdrawal') => ({
  direction,
  customer,
  customerAccount: 'TMyOwnDepositAddress01',
  address: 'TTheOtherSide000000001',
});

/** A record's parties as the block gives them, the VASP named (as ingestion puts it) when there is one. */
const partiesOf = (block: NonNullable<ReturnType<typeof drawTravelRule>['block']>) => ({
  originator: block.originator ?? null,
  beneficiary: block.beneficiary ?? null,
  originating_vasp: null,
  beneficiary_vasp: null,
});

/** What MASAK's rule finds missing above 15,000 TRY (USDT at 34.5 TRY, 1,000 USDT). */
const missingAbove = (
  direction: 'deposit' | 'withdrawal',
  parties: ReturnType<typeof partiesOf>,
  walletKind: 'vasp' | 'self_hosted',
) =>
  evaluateTravelRule({
    rules: DEFAULT_TRAVEL_RULE_RULES,
    home: 'TR',
    counterpartyJurisdiction: null,
    direction,
    amount: '1000',
    rates: { TRY: '34.5' },
    walletKind,
    parties,
    selfHostedProof: false,
  }).missingFields;

describe('the travel-rule data the simulator sends', () => {
  const draws = (n: number, direction: 'deposit' | 'withdrawal', vasps = VASPS) => {
    const rng = new Rng(7, 11, 13, 17);
    return Array.from({ length: n }, () => drawTravelRule(rng, transfer(direction), vasps));
  };

  it('is valid IVMS101 as the public API takes it, every time', () => {
    for (const direction of ['deposit', 'withdrawal'] as const)
      for (const drawn of draws(500, direction)) {
        if (!drawn.block) continue;
        const parsed = publicApi.TravelRuleBlockSchema.safeParse(drawn.block);
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      }
  });

  it('is mostly complete, some names only, a few with a gap, some self-hosted, some none', () => {
    const all = draws(2000, 'withdrawal');
    const share = Object.fromEntries(
      TRAVEL_RULE_SHAPES.map((s) => [s, all.filter((d) => d.shape === s).length / all.length]),
    );
    expect(share.complete).toBeGreaterThan(0.5);
    expect(share.names_only).toBeGreaterThan(0.08);
    expect(share.gap).toBeGreaterThan(0.04);
    expect(share.gap).toBeLessThan(0.12);
    expect(share.self_hosted).toBeGreaterThan(0.06);
    expect(share.none).toBeGreaterThan(0.1);
    expect(all.filter((d) => d.shape === 'none').every((d) => d.block === undefined)).toBe(true);
  });

  it('names a VASP of the directory on the other side, and none for a self-hosted wallet', () => {
    for (const d of draws(300, 'withdrawal')) {
      if (d.shape === 'none') continue;
      if (d.shape === 'self_hosted') {
        expect(d.block).toMatchObject({ selfHosted: true });
        expect(d.block?.beneficiaryVasp).toBeUndefined();
      } else expect(VASPS.map((v) => v.ref)).toContainEqual(d.block?.beneficiaryVasp);
    }
    for (const d of draws(300, 'deposit'))
      if (d.shape !== 'none' && d.shape !== 'self_hosted')
        expect(VASPS.map((v) => v.ref)).toContainEqual(d.block?.originatingVasp);
  });

  it("meets MASAK's rule above the threshold when complete; a gap leaves the other side's person out", () => {
    for (const direction of ['deposit', 'withdrawal'] as const)
      for (const d of draws(300, direction)) {
        if (!d.block) continue;
        const missing = missingAbove(
          direction,
          partiesOf(d.block),
          d.shape === 'self_hosted' ? 'self_hosted' : 'vasp',
        );
        if (d.shape === 'complete' || d.shape === 'self_hosted') expect(missing).toEqual([]);
        if (d.shape === 'names_only') expect(missing).toEqual(['originator_identifier']);
        if (d.shape === 'gap')
          expect(missing).toEqual(
            direction === 'withdrawal'
              ? ['beneficiary_name', 'beneficiary_account']
              : ['originator_name', 'originator_account', 'originator_identifier'],
          );
      }
  });

  it('without a VASP in the directory sends only self-hosted data or none', () => {
    const shapes = new Set(draws(300, 'withdrawal', []).map((d) => d.shape));
    expect(shapes).toEqual(new Set(['self_hosted', 'none']));
  });

  it("gives the customer's own identity: a T.C. number for a Turkish national, a passport otherwise", () => {
    expect(customerPerson(customer, true).naturalPerson?.nationalIdentification).toMatchObject({
      nationalIdentifierType: 'RAID',
      countryOfIssue: 'TR',
    });
    expect(
      customerPerson({ ...customer, nationality: 'DE' }, true).naturalPerson?.nationalIdentification,
    ).toMatchObject({ nationalIdentifierType: 'CCPT', countryOfIssue: 'DE' });
    expect(customerPerson({ ...customer, givenName: null, familyName: null }, false)).toEqual({
      naturalPerson: {
        name: { nameIdentifier: [expect.objectContaining({ nameIdentifierType: 'LEGL' })] },
      },
    });
  });

  it('prints a check answer with its reasons, the fields missing and the rule tripped', () => {
    expect(checkLine('wd-1', { decision: 'allow', reasons: [] })).toBe('withdrawal wd-1: allow');
    expect(
      checkLine('wd-2', {
        decision: 'review',
        reasons: [
          { code: 'TRAVEL_RULE_MISSING', params: { fields: 'beneficiary_name, beneficiary_account' } },
          { code: 'FRAUD_RULE', params: { rule: 'new_address_withdrawal' } },
        ],
      }),
    ).toBe(
      'withdrawal wd-2: review — TRAVEL_RULE_MISSING (beneficiary_name, beneficiary_account), FRAUD_RULE (new_address_withdrawal)',
    );
  });
});
