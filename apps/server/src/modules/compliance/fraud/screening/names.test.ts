import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../../test/harness.ts';
import { blockingKeys, byStrength, explainMatch, foldName, phoneticKey, scoreNames } from './names.ts';

const THRESHOLD = 0.85;
const person = (name: string, birthDate: string | null = null, nationality: string | null = null) => ({
  name,
  birthDate,
  nationality,
});
const entry = (
  name: string,
  more: Partial<{ aliases: string[]; birthDates: string[]; nationalities: string[] }> = {},
) => ({
  name,
  aliases: more.aliases ?? [],
  birthDates: more.birthDates ?? [],
  nationalities: more.nationalities ?? [],
});

describe('folding and keys', () => {
  it('folds Turkish letters and case the same way for every spelling', () => {
    expect(foldName('Işıl Şahin')).toBe('isil sahin');
    expect(foldName('ISIL SAHIN')).toBe('isil sahin');
    expect(foldName('İbrahim ÇAĞLAR-Öztürk')).toBe('ibrahim caglar ozturk');
    expect(foldName('  Sahin,  Isil ')).toBe('sahin isil');
  });

  it('gives spellings that sound alike one phonetic key', () => {
    expect(phoneticKey('mehmet')).toBe(phoneticKey('mehmed'));
    expect(phoneticKey('mehmet')).toBe(phoneticKey('muhammet'));
    expect(phoneticKey('sahin')).not.toBe(phoneticKey('selin'));
  });
});

describe('scoring names', () => {
  it('matches Işıl Şahin to ISIL SAHIN and to "Sahin, Isil" (transliterated, any order)', () => {
    const upper = scoreNames('Işıl Şahin', 'ISIL SAHIN');
    expect(upper.score).toBe(0.97);
    expect(upper.parts.map((p) => p.how)).toEqual(['transliterated', 'transliterated']);
    const reversed = scoreNames('Işıl Şahin', 'Sahin, Isil');
    expect(reversed.score).toBe(0.97);
    expect(reversed.parts).toEqual([
      { query: 'Işıl', listed: 'Isil', how: 'transliterated', score: 0.97 },
      { query: 'Şahin', listed: 'Sahin', how: 'transliterated', score: 0.97 },
    ]);
  });

  it('calls the same letters in Turkish case exact', () => {
    const exact = scoreNames('IŞIL ŞAHİN', 'Işıl Şahin');
    expect(exact.score).toBe(1);
    expect(exact.parts.every((p) => p.how === 'exact')).toBe(true);
  });

  it('matches an initial, below the default threshold but above a lower one', () => {
    const initial = scoreNames('I. Şahin', 'Işıl Şahin');
    expect(initial.parts.map((p) => p.how)).toEqual(['initial', 'exact']);
    expect(initial.score).toBe(0.85);
    expect(scoreNames('K. Şahin', 'Işıl Şahin').score).toBe(0.5); // the initial does not fit: only the surname counts
  });

  it('matches phonetic spellings and typos, and explains which', () => {
    const sound = scoreNames('Mehmed Karapinaroglu', 'Mehmet Karapınaroğlu');
    expect(sound.parts.map((p) => p.how)).toEqual(['phonetic', 'transliterated']);
    expect(sound.score).toBe(0.925);
    const typo = scoreNames('Gokhan Celikkata', 'Gökhan Çelikkaya');
    expect(typo.parts[1]).toMatchObject({ how: 'fuzzy', score: 0.8 });
    expect(typo.score).toBe(0.885);
  });

  it('weighs parts one name lacks: a middle name costs little, a lone first name a lot', () => {
    expect(scoreNames('Mehmet Ali Yılmaztürk', 'Mehmet Yılmaztürk').score).toBe(0.889);
    expect(scoreNames('Mehmet', 'Mehmet Yılmaztürk').score).toBe(0.8);
    expect(scoreNames('Ayşe Kaya', 'Fatma Demir').score).toBe(0);
  });

  it('puts the threshold boundary where the setting says: below, at and above', () => {
    const at = scoreNames('I. Şahin', 'Işıl Şahin').score; // 0.85
    expect(at >= THRESHOLD).toBe(true);
    expect(scoreNames('Mehmet', 'Mehmet Yılmaztürk').score >= THRESHOLD).toBe(false); // 0.8
    expect(scoreNames('Işıl Şahin', 'ISIL SAHIN').score >= THRESHOLD).toBe(true); // 0.97
  });
});

describe('explaining a hit', () => {
  it('takes the best of name and aliases and says which', () => {
    const e = explainMatch(person('Isilay Sahin'), entry('Işıl Şahin', { aliases: ['Sahin, Isilay'] }));
    expect(e).toMatchObject({ alias: true, matched_name: 'Sahin, Isilay', score: 1 });
  });

  it('states birth date and nationality agreement, a partial listed date agreeing by year', () => {
    const listed = entry('Işıl Şahin', { birthDates: ['1981'], nationalities: ['TR'] });
    expect(explainMatch(person('Isil Sahin', '1981-03-14', 'TR'), listed)).toMatchObject({
      birth_date: 'agree',
      nationality: 'agree',
      evidence: 2,
    });
    expect(explainMatch(person('Isil Sahin', '1990-01-01', 'DE'), listed)).toMatchObject({
      birth_date: 'disagree',
      nationality: 'disagree',
      evidence: -2,
    });
    expect(explainMatch(person('Isil Sahin'), listed)).toMatchObject({ birth_date: 'unknown', evidence: 0 });
  });

  it('ranks hits of equal name score by their evidence', () => {
    const a = explainMatch(
      person('Isil Sahin', '1990-01-01'),
      entry('Işıl Şahin', { birthDates: ['1981-03-14'] }),
    );
    const b = explainMatch(
      person('Isil Sahin', '1981-03-14'),
      entry('Işıl Şahin', { birthDates: ['1981-03-14'] }),
    );
    const c = explainMatch(person('Isil Sahin', '1990-01-01'), entry('Işıl Şahin'));
    expect(a.score).toBe(b.score);
    expect([a, c, b].sort(byStrength)).toEqual([b, c, a]);
  });
});

describe('the database folds and keys as the code does', () => {
  const t = useTestApp();
  it.each([
    'Işıl Şahin',
    'ISIL SAHIN',
    'Sahin, Isil',
    'İbrahim Halil Doğrusöz',
    'Gökhan ÇELİKKAYA',
    'Mehmed Emin Karapınaroğlu',
    'José Ñúñez-Ålvarez',
    'x',
  ])('%s', async (name) => {
    const { rows } = await t.db.execute<{ fold: string; keys: string[] }>(
      sql`SELECT bd_screen_fold(${name}) AS fold, bd_screen_keys(${name}) AS keys`,
    );
    expect(rows[0]!.fold).toBe(foldName(name));
    expect([...rows[0]!.keys].sort()).toEqual(blockingKeys(name));
  });
});
