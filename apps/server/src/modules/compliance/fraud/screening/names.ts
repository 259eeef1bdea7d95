// Name matching for sanctions and PEP screening: Turkish-aware folding, tokens in any order, initials, a
// phonetic key and a typo tolerance, with an explanation of every part. The fold and the phonetic key
// are also SQL functions (migration 0027: bd_screen_fold, bd_screen_phonetic) that build the blocking
// keys; names.test.ts holds the two to each other.
import type { fraudApi } from '@backdesk/contract';

type ScreeningExplanation = fraudApi.ScreeningExplanation;
type ScreeningPartHow = fraudApi.ScreeningPartHow;

const TURKISH_UPPER: Record<string, string> = {
  İ: 'i',
  I: 'i',
  ı: 'i',
  Ş: 'ş',
  Ğ: 'ğ',
  Ü: 'ü',
  Ö: 'ö',
  Ç: 'ç',
};
const FOLD_FROM = 'şğüöçıâîûéèêëáàäåíìïóòôúùñ';
const FOLD_TO = 'sguociaiueeeeaaaaiiiooouun';
const FOLD_MAP = new Map([...FOLD_FROM].map((ch, i) => [ch, FOLD_TO[i]!]));

/** Lower case the Turkish way (I → ı, İ → i): the "exact" comparison of two spellings. */
export const turkishLower = (text: string): string => text.toLocaleLowerCase('tr-TR');

/** As bd_screen_fold: Turkish letters and accents to ASCII, anything else between letters to one space. */
export function foldName(text: string): string {
  const lowered = [...text]
    .map((ch) => TURKISH_UPPER[ch] ?? ch)
    .join('')
    .toLowerCase();
  return [...lowered]
    .map((ch) => FOLD_MAP.get(ch) ?? ch)
    .join('')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const SOUND_FROM = 'pjgqzxvwt';
const SOUND_TO = 'bckksfffd';
const soundOf = (text: string) => [...text].map((ch) => SOUND_TO[SOUND_FROM.indexOf(ch)] ?? ch).join('');

/** As bd_screen_phonetic, over a folded token: first letter, consonants by sound, doubles collapsed. */
export function phoneticKey(token: string): string {
  const head = soundOf(token.slice(0, 1));
  const tail = soundOf(token.slice(1)).replace(/[aeiouhy]/g, '');
  return (head + tail).replace(/(.)\1+/g, '$1');
}

/**
 * As bd_screen_keys: the blocking keys a rescreen joins customers and entries on, one per token of two
 * letters or more: its sound where that keeps two letters, else the token (a one-letter sound would
 * pair every name with every other).
 */
export function blockingKeys(name: string): string[] {
  const keys = new Set<string>();
  for (const token of foldName(name).split(' ')) {
    if (token.length < 2) continue;
    const sound = phoneticKey(token);
    keys.add(sound.length >= 2 ? `p:${sound}` : `t:${token}`);
  }
  return [...keys].sort();
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** What a part of a name scores by how it matched (the scale the threshold is set on). */
export const PART_SCORES = { exact: 1, transliterated: 0.97, phonetic: 0.88, initial: 0.7 } as const;
/** A typo counts when the two spellings are at least this alike; it scores 0.9 × the likeness. */
const FUZZY_MIN = 0.8;
/** An unmatched part of the longer name weighs this much of a matched one. */
const EXTRA_PART_WEIGHT = 0.25;

interface Token {
  raw: string;
  lower: string;
  folded: string;
}

function tokensOf(name: string): Token[] {
  return name
    .split(/[\s,.;:'"()/\\-]+/)
    .filter(Boolean)
    .map((raw) => ({ raw, lower: turkishLower(raw), folded: foldName(raw).replace(/ /g, '') }))
    .filter((t) => t.folded.length > 0);
}

function comparePart(a: Token, b: Token): { how: ScreeningPartHow; score: number } | null {
  if (a.lower === b.lower) return { how: 'exact', score: PART_SCORES.exact };
  if (a.folded === b.folded) return { how: 'transliterated', score: PART_SCORES.transliterated };
  const [short, long] = a.folded.length <= b.folded.length ? [a, b] : [b, a];
  if (short.folded.length === 1)
    return long.folded.startsWith(short.folded) ? { how: 'initial', score: PART_SCORES.initial } : null;
  if (short.folded.length >= 3 && phoneticKey(a.folded) === phoneticKey(b.folded))
    return { how: 'phonetic', score: PART_SCORES.phonetic };
  const likeness = 1 - levenshtein(a.folded, b.folded) / long.folded.length;
  return likeness >= FUZZY_MIN ? { how: 'fuzzy', score: Math.round(0.9 * likeness * 1000) / 1000 } : null;
}

export interface NameScore {
  score: number;
  parts: ScreeningExplanation['parts'];
  /** Parts of the customer's name and of the listed name that matched nothing. */
  unmatched: string[];
  missing: string[];
}

/**
 * How alike two names are, whatever the order of their parts ("Sahin, Isil" = "Işıl Şahin"): each
 * part pairs with at most one part of the other name, best pairs first; the score is the matched parts'
 * sum over the shorter name's length plus a quarter for each extra part of the longer one.
 */
export function scoreNames(query: string, listed: string): NameScore {
  const q = tokensOf(query);
  const l = tokensOf(listed);
  if (!q.length || !l.length)
    return { score: 0, parts: [], unmatched: q.map((t) => t.raw), missing: l.map((t) => t.raw) };
  const pairs: { i: number; j: number; how: ScreeningPartHow; score: number }[] = [];
  q.forEach((a, i) => {
    l.forEach((b, j) => {
      const match = comparePart(a, b);
      if (match) pairs.push({ i, j, ...match });
    });
  });
  pairs.sort((x, y) => y.score - x.score || x.i - y.i || x.j - y.j);
  const usedQ = new Set<number>();
  const usedL = new Set<number>();
  const parts: NameScore['parts'] = [];
  let sum = 0;
  for (const p of pairs) {
    if (usedQ.has(p.i) || usedL.has(p.j)) continue;
    usedQ.add(p.i);
    usedL.add(p.j);
    sum += p.score;
    parts.push({ query: q[p.i]!.raw, listed: l[p.j]!.raw, how: p.how, score: p.score });
  }
  const shorter = Math.min(q.length, l.length);
  const extra = Math.max(q.length, l.length) - shorter;
  const score = Math.round((sum / (shorter + EXTRA_PART_WEIGHT * extra)) * 1000) / 1000;
  return {
    score: Math.min(1, score),
    parts: parts.sort(
      (x, y) => q.findIndex((t) => t.raw === x.query) - q.findIndex((t) => t.raw === y.query),
    ),
    unmatched: q.filter((_, i) => !usedQ.has(i)).map((t) => t.raw),
    missing: l.filter((_, j) => !usedL.has(j)).map((t) => t.raw),
  };
}

export interface ScreenedPerson {
  name: string;
  birthDate: string | null;
  nationality: string | null;
}

export interface ListedPerson {
  name: string;
  aliases: readonly string[];
  birthDates: readonly string[];
  nationalities: readonly string[];
}

/** A listed date agrees when it is the same day, or the same year (and month) where it gives only those. */
function birthDateAgreement(
  birthDate: string | null,
  listed: readonly string[],
): ScreeningExplanation['birth_date'] {
  if (!birthDate || !listed.length) return 'unknown';
  return listed.some((d) => birthDate.startsWith(d)) ? 'agree' : 'disagree';
}

function nationalityAgreement(
  nationality: string | null,
  listed: readonly string[],
): ScreeningExplanation['nationality'] {
  if (!nationality || !listed.length) return 'unknown';
  const mine = foldName(nationality);
  return listed.some((n) => foldName(n) === mine) ? 'agree' : 'disagree';
}

const AGREEMENT_RANK = { agree: 1, unknown: 0, disagree: -1 } as const;

/**
 * A customer against an entry: the best of its name and aliases, and whether birth date and
 * nationality agree. `evidence` orders hits of equal name score (agreeing facts first).
 */
export function explainMatch(person: ScreenedPerson, entry: ListedPerson): ScreeningExplanation {
  let best: (NameScore & { listedName: string; alias: boolean }) | null = null;
  for (const [index, name] of [entry.name, ...entry.aliases].entries()) {
    const scored = scoreNames(person.name, name);
    if (!best || scored.score > best.score) best = { ...scored, listedName: name, alias: index > 0 };
  }
  const birthDate = birthDateAgreement(person.birthDate, entry.birthDates);
  const nationality = nationalityAgreement(person.nationality, entry.nationalities);
  return {
    score: best?.score ?? 0,
    matched_name: best?.listedName ?? entry.name,
    alias: best?.alias ?? false,
    parts: best?.parts ?? [],
    unmatched: best?.unmatched ?? [],
    missing: best?.missing ?? [],
    birth_date: birthDate,
    nationality,
    evidence: AGREEMENT_RANK[birthDate] + AGREEMENT_RANK[nationality],
  };
}

/** Hits best first: name score, then the evidence of birth date and nationality. */
export const byStrength = (a: ScreeningExplanation, b: ScreeningExplanation): number =>
  b.score - a.score || b.evidence - a.evidence;
