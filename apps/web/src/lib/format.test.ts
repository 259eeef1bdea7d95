import { describe, expect, it } from 'vitest';
import { formatGrowthPercent, formatInteger } from './format.ts';

describe('format', () => {
  it('groups integers per locale', () => {
    expect(formatInteger('en-US', 1234567)).toBe('1,234,567');
    expect(formatInteger('tr-TR', 1234567)).toBe('1.234.567');
  });

  it('shows growth with its sign, in the locale percent style', () => {
    expect(formatGrowthPercent('en-US', '12.5')).toBe('+12.5%');
    expect(formatGrowthPercent('en-US', '-3')).toBe('-3%');
    expect(formatGrowthPercent('en-US', '0')).toBe('0%');
    expect(formatGrowthPercent('tr-TR', '12.5')).toBe('+%12,5');
  });
});
