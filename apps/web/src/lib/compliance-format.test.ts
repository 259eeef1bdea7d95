import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ageText, fileSize } from './compliance-format.ts';
import { formatDay } from './locale-format.ts';

const t = ((key: string, params: Record<string, number>) =>
  `${key}:${JSON.stringify(params)}`) as never as TFunction<'compliance'>;

describe('ageText', () => {
  it('words an age in minutes, hours, or days and hours', () => {
    expect(ageText(t, 59)).toBe('age.minutes:{"count":0}');
    expect(ageText(t, 3 * 3600 + 100)).toBe('age.hours:{"count":3}');
    expect(ageText(t, 2 * 86400)).toBe('age.days:{"count":2}');
    expect(ageText(t, 2 * 86400 + 5 * 3600)).toBe('age.daysHours:{"days":2,"hours":5}');
  });
});

describe('fileSize', () => {
  it('formats in the locale, with the largest fitting unit', () => {
    expect(fileSize('en-US', 512)).toBe('512 byte');
    expect(fileSize('en-US', 2.5 * 1024 * 1024)).toBe('2.5 MB');
    expect(fileSize('tr-TR', 2.5 * 1024 * 1024)).toBe('2,5 MB');
  });
});

describe('formatDay', () => {
  it('shows the calendar day itself, in the locale', () => {
    expect(formatDay('en-US', '1990-01-01')).toBe('Jan 1, 1990');
    expect(formatDay('tr-TR', '1990-01-01')).toBe('1 Oca 1990');
    expect(formatDay('en-US', null)).toBe('—');
  });
});
