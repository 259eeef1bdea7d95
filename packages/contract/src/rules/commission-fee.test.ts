import { describe, expect, it } from 'vitest';
import { type FeeRule, feeFor, quoteFee, selectFeeRule } from './commission-fee.ts';

let nextId = 1;
const rule = (fields: Partial<FeeRule>): FeeRule => ({
  id: nextId++,
  operation: 'trade',
  asset: null,
  customer_type: null,
  kind: 'percent',
  value: '0.2',
  min_fee: null,
  max_fee: null,
  ...fields,
});

describe('selectFeeRule', () => {
  const wildcard = rule({});
  const tier = rule({ customer_type: 'gold', value: '0.15' });
  const asset = rule({ asset: 'TRY', value: '0.25' });
  const both = rule({ asset: 'TRY', customer_type: 'gold', value: '0.12' });
  const other = rule({ operation: 'p2p', asset: 'TRY', customer_type: 'gold' });
  const rules = [wildcard, tier, asset, both, other];

  it('takes the most specific match: asset and tier, then asset, then tier, then wildcard', () => {
    expect(selectFeeRule(rules, { operation: 'trade', asset: 'TRY', customer_type: 'gold' })).toBe(both);
    expect(selectFeeRule(rules, { operation: 'trade', asset: 'TRY', customer_type: 'bronze' })).toBe(asset);
    expect(selectFeeRule(rules, { operation: 'trade', asset: 'BTC', customer_type: 'gold' })).toBe(tier);
    expect(selectFeeRule(rules, { operation: 'trade', asset: 'BTC', customer_type: null })).toBe(wildcard);
  });

  it('matches the asset case-insensitively and never another operation', () => {
    expect(selectFeeRule(rules, { operation: 'trade', asset: 'try', customer_type: 'gold' })).toBe(both);
    expect(selectFeeRule(rules, { operation: 'deposit', asset: 'TRY', customer_type: 'gold' })).toBeNull();
  });

  it('breaks a tie with the newest rule', () => {
    const older = rule({ asset: 'BTC' });
    const newer = rule({ asset: 'BTC' });
    expect(selectFeeRule([newer, older], { operation: 'trade', asset: 'BTC', customer_type: null })).toBe(
      newer,
    );
  });
});

describe('feeFor', () => {
  it('takes a percentage exactly, rounded half-up to the asset decimals', () => {
    expect(feeFor(rule({ value: '0.2' }), '1234.56', 'TRY')).toBe('2.47'); // 2.46912
    expect(feeFor(rule({ value: '0.25' }), '0.1', 'TRY')).toBe('0'); // 0.00025 → 0.00
    expect(feeFor(rule({ value: '0.1' }), '0.12345678', 'BTC')).toBe('0.00012346'); // 0.000123456…
    expect(feeFor(rule({ value: '0.1' }), '0.1', 'ETH')).toBe('0.0001');
  });

  it('never goes through a binary float', () => {
    // 0.1 + 0.2 style traps: 0.3 % of 0.3 is 0.0009 exactly.
    expect(feeFor(rule({ value: '0.3' }), '0.3', 'ETH')).toBe('0.0009');
    expect(feeFor(rule({ value: '1' }), '123456789012345678.123456', 'USDT')).toBe('1234567890123456.781235');
  });

  it('clamps a percentage between the minimum and maximum', () => {
    const clamped = rule({ value: '0.25', min_fee: '1', max_fee: '5000' });
    expect(feeFor(clamped, '100', 'TRY')).toBe('1');
    expect(feeFor(clamped, '10000000', 'TRY')).toBe('5000');
    expect(feeFor(clamped, '10000', 'TRY')).toBe('25');
  });

  it('charges a flat value whatever the amount', () => {
    expect(feeFor(rule({ kind: 'flat', value: '0.0005' }), '3', 'BTC')).toBe('0.0005');
  });
});

describe('the customer type discount', () => {
  it('comes off a general rule after the minimum and maximum, exactly', () => {
    const general = rule({ value: '0.25', min_fee: '1', max_fee: '5000' });
    expect(feeFor(general, '10000', 'TRY', '10')).toBe('22.5');
    expect(feeFor(general, '100', 'TRY', '10')).toBe('0.9'); // the minimum, discounted
    expect(feeFor(general, '99999999', 'TRY', '20')).toBe('4000'); // the maximum, discounted
    expect(feeFor(general, '1234.56', 'TRY', '5')).toBe('2.93'); // 3.0864 × 0.95 = 2.93208
    expect(feeFor(rule({ kind: 'flat', value: '0.0005' }), '1', 'BTC', '20')).toBe('0.0004');
  });

  it("leaves a rule written for a customer type alone: that is the type's price already", () => {
    expect(feeFor(rule({ customer_type: 'gold', value: '0.15' }), '1000', 'TRY', '10')).toBe('1.5');
  });

  it('changes nothing at zero or when absent', () => {
    expect(feeFor(rule({ value: '0.2' }), '1000', 'TRY', '0')).toBe('2');
    expect(feeFor(rule({ value: '0.2' }), '1000', 'TRY', null)).toBe('2');
  });
});

describe('quoteFee', () => {
  it('is zero when no rule applies', () => {
    expect(quoteFee([], { operation: 'trade', asset: 'BTC', customer_type: null, amount: '1' })).toEqual({
      rule: null,
      fee: '0',
      discount: null,
    });
  });

  it('says whether the customer type discount was taken off', () => {
    const general = rule({ operation: 'p2p', value: '0.2' });
    const gold = rule({ operation: 'p2p', asset: 'USDT', customer_type: 'gold', value: '0.1' });
    const lookup = { operation: 'p2p', customer_type: 'gold', amount: '1000', discount: '10' };
    expect(quoteFee([general, gold], { ...lookup, asset: 'TRY' })).toEqual({
      rule: general,
      fee: '1.8',
      discount: '10',
    });
    expect(quoteFee([general, gold], { ...lookup, asset: 'USDT' })).toEqual({
      rule: gold,
      fee: '1',
      discount: null,
    });
  });
});
