import { describe, expect, it } from 'vitest';
import { amountIssue } from './amounts.ts';
import { contractNameOf } from './assets.ts';

describe('amountIssue', () => {
  it('accepts decimals within the asset places', () => {
    expect(amountIssue('0.00000001', 'BTC')).toBeNull();
    expect(amountIssue('12.50', 'TRY')).toBeNull();
    expect(amountIssue('1.230000000', 'TRY')).toBeNull(); // trailing zeros are not precision
  });

  it.each([
    ['abc', 'BTC', 'not_a_number'],
    ['1e5', 'BTC', 'not_a_number'],
    ['', 'BTC', 'not_a_number'],
    ['-1', 'BTC', 'negative'],
    ['0.000000001', 'BTC', 'too_many_decimals'],
    ['1.234', 'TRY', 'too_many_decimals'],
    ['1.1234567', 'USDT', 'too_many_decimals'],
  ])('%s in %s → %s', (value, asset, code) => {
    expect(amountIssue(value, asset)?.code).toBe(code);
  });
});

describe('contractNameOf', () => {
  it('names tokens with their standard and native assets alone', () => {
    expect(contractNameOf('USDT', 'TRC20')).toBe('USDT-TRC20');
    expect(contractNameOf('BTC', 'BITCOIN')).toBe('BTC');
    expect(contractNameOf('ETH', 'ETHEREUM')).toBe('ETH-ERC20');
    expect(contractNameOf('TRY', 'BANK')).toBe('TRY');
  });
});
