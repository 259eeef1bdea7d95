import { describe, expect, it } from 'vitest';
import { formatAxisTick, formatGrowthPercent, formatInteger } from './format.ts';

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
  it('shortens chart axis ticks in the locale', () => {
    expect(formatAxisTick('en-US', 1_500_000)).toBe('1.5M');
    expect(formatAxisTick('tr-TR', 1_500_000)).toBe('1,5\u00a0Mn');
    expect(formatAxisTick('en-US', 45)).toBe('45');
  });
});
