import { describe, expect, it } from 'vitest';
import { fold, looksLikeGuid, looksLikeHash, looksLikeId, looksLikePhone, matchesWords } from './fold.ts';

describe('palette matching', () => {
  it('folds Turkish letters and accents both ways', () => {
    expect(fold('İSTANBUL')).toBe('istanbul');
    expect(fold('IŞIK')).toBe('isik');
    expect(matchesWords('Müşteri Kısıtlamaları', 'musteri kisit')).toBe(true);
    expect(matchesWords('Customer Restrictions', 'restr cust')).toBe(true);
    expect(matchesWords('Customer Restrictions', 'limits')).toBe(false);
  });

  it('tells ids and hashes from words', () => {
    expect(looksLikeId(' 42 ')).toBe(true);
    expect(looksLikeId('42a')).toBe(false);
    expect(looksLikeHash('0x9f2c4e1ab3d5f7a9c1e3')).toBe(true);
    expect(looksLikeHash('alice')).toBe(false);
  });

  it('tells phone numbers (three digits or more) and guids from words', () => {
    expect(looksLikePhone('+90 (532) 917-46 08')).toBe(true);
    expect(looksLikePhone('532')).toBe(true);
    expect(looksLikePhone('+9')).toBe(false);
    expect(looksLikePhone('532 alice')).toBe(false);
    expect(looksLikeGuid('3F2504E0-4F89-11D3-9A0C-0305E82C3301')).toBe(true);
    expect(looksLikeGuid('3f2504e0-4f89-11d3-9a0c')).toBe(false);
  });
});
