import { describe, expect, it } from 'vitest';
import { fold, looksLikeHash, looksLikeId, matchesWords } from './fold.ts';

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
});
