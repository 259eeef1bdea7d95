import { describe, expect, it } from 'vitest';
import {
  decimalExample,
  formatApproximate,
  formatDecimal,
  formatPercent,
  parseDecimal,
  percentSignFirst,
} from './locale-format.ts';

describe('formatDecimal', () => {
  it('groups and keeps every digit, per locale', () => {
    expect(formatDecimal('en-US', '1234567.123456789012345678')).toBe('1,234,567.123456789012345678');
    expect(formatDecimal('tr-TR', '1234567.5')).toBe('1.234.567,5');
    expect(formatDecimal('en-US', '99999999999999999999')).toBe('99,999,999,999,999,999,999');
    expect(formatDecimal('en-US', '-0.000001')).toBe('-0.000001');
    expect(formatDecimal('en-US', null)).toBe('—');
    expect(formatDecimal('tr-TR', 'abc')).toBe('abc');
  });

  it('gives an example in the locale form', () => {
    expect(decimalExample('en-US')).toBe('1,250.50');
    expect(decimalExample('tr-TR')).toBe('1.250,50');
  });
});

describe('parseDecimal', () => {
  it('reads Turkish and English grouping into the canonical text', () => {
    expect(parseDecimal('1.234,56', 'tr-TR')).toEqual({ ok: true, value: '1234.56' });
    expect(parseDecimal('1,234.56', 'en-US')).toEqual({ ok: true, value: '1234.56' });
    expect(parseDecimal('1234,5', 'tr-TR')).toEqual({ ok: true, value: '1234.5' });
    expect(parseDecimal(' 12 345,50 ', 'tr-TR')).toEqual({ ok: true, value: '12345.5' });
    expect(parseDecimal('1.000.000', 'tr-TR')).toEqual({ ok: true, value: '1000000' });
    expect(parseDecimal('007', 'en-US')).toEqual({ ok: true, value: '7' });
    expect(parseDecimal('0,10', 'tr-TR')).toEqual({ ok: true, value: '0.1' });
  });

  it('keeps every digit of a long amount (no float on the way)', () => {
    expect(parseDecimal('123.456.789.012.345.678,123456789012345678', 'tr-TR')).toEqual({
      ok: true,
      value: '123456789012345678.123456789012345678',
    });
    expect(parseDecimal('0.1', 'en-US', 1)).toEqual({ ok: true, value: '0.1' });
  });

  it('is empty for an empty text', () => {
    expect(parseDecimal('  ', 'en-US')).toEqual({ ok: true, value: '' });
  });

  it('refuses the other locale’s separators instead of guessing', () => {
    expect(parseDecimal('1.5', 'tr-TR')).toEqual({ ok: false, issue: { code: 'not_a_number' } });
    expect(parseDecimal('1,5', 'en-US')).toEqual({ ok: false, issue: { code: 'not_a_number' } });
    expect(parseDecimal('1234.56', 'tr-TR')).toEqual({ ok: false, issue: { code: 'not_a_number' } });
    expect(parseDecimal('1,2,3', 'tr-TR')).toEqual({ ok: false, issue: { code: 'not_a_number' } });
    expect(parseDecimal('12a', 'en-US')).toEqual({ ok: false, issue: { code: 'not_a_number' } });
    expect(parseDecimal(',5', 'tr-TR')).toEqual({ ok: false, issue: { code: 'not_a_number' } });
  });

  it('refuses more decimals than the asset allows, never rounding', () => {
    expect(parseDecimal('1,123456789', 'tr-TR', 8)).toEqual({
      ok: false,
      issue: { code: 'too_many_decimals', decimals: 8 },
    });
    // Trailing zeros are not places: 2.50 has one.
    expect(parseDecimal('2.500000000', 'en-US', 2)).toEqual({ ok: true, value: '2.5' });
  });

  it('refuses a negative amount but accepts minus zero', () => {
    expect(parseDecimal('-5', 'en-US')).toEqual({ ok: false, issue: { code: 'negative' } });
    expect(parseDecimal('-0', 'en-US')).toEqual({ ok: true, value: '0' });
  });
});

describe('formatPercent', () => {
  it("puts the locale's sign in its place around the exact digits", () => {
    expect(formatPercent('en-US', '2.5')).toBe('2.5%');
    expect(formatPercent('tr-TR', '2.5')).toBe('%2,5');
    expect(formatPercent('tr-TR', '1234.125')).toBe('%1.234,125');
    expect(formatPercent('tr-TR', null)).toBe('—');
  });
});

describe('percentages', () => {
  it('puts the sign where the locale does and never rounds', () => {
    expect(formatPercent('tr-TR', '12.5')).toBe('%12,5');
    expect(formatPercent('en-US', '12.5')).toBe('12.5%');
    expect(formatPercent('tr-TR', '1234.56')).toBe('%1.234,56');
    expect(formatPercent('tr-TR', '0')).toBe('%0');
    expect(formatPercent('en-US', null)).toBe('—');
  });

  it('knows which side of an input the sign goes', () => {
    expect(percentSignFirst('tr-TR')).toBe(true);
    expect(percentSignFirst('en-US')).toBe(false);
  });
});

describe('formatApproximate', () => {
  it('writes an estimate in the locale’s words', () => {
    expect(formatApproximate('tr-TR', 1_234_567)).toBe('1,2 milyon');
    expect(formatApproximate('en-US', 1_234_567)).toBe('1.2 million');
    expect(formatApproximate('en-US', 150_001)).toBe('150 thousand');
  });
});
