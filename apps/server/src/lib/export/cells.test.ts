import { describe, expect, it } from 'vitest';
import { csvField, safeCell } from './cells.ts';

describe('export cells', () => {
  it('neutralises formulas but keeps plain numbers', () => {
    expect(safeCell('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(safeCell('+90 532 000 00 00')).toBe(`'+90 532 000 00 00`);
    expect(safeCell('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(safeCell('\tcmd')).toBe(`'\tcmd`);
    expect(safeCell('-2+3')).toBe(`'-2+3`);
    expect(safeCell('-12.50')).toBe('-12.50');
    expect(safeCell(7)).toBe(7);
    expect(safeCell(null)).toBeNull();
  });

  it('quotes CSV fields that need it', () => {
    expect(csvField('Şükrü, "Çelik"')).toBe('"Şükrü, ""Çelik"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField(undefined)).toBe('');
    expect(csvField(null)).toBe('');
    expect(csvField('')).toBe('""');
  });
});
