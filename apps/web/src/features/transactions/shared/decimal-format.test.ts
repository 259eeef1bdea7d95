import { describe, expect, it } from 'vitest';
import { formatDecimal } from './decimal-format.ts';

describe('formatDecimal', () => {
  it('groups and keeps every digit, per locale', () => {
    expect(formatDecimal('en-US', '1234567.123456789012345678')).toBe('1,234,567.123456789012345678');
    expect(formatDecimal('tr-TR', '1234567.5')).toBe('1.234.567,5');
    expect(formatDecimal('en-US', '99999999999999999999')).toBe('99,999,999,999,999,999,999');
    expect(formatDecimal('en-US', null)).toBe('—');
  });
});
