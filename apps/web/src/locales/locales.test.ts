import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

/** Every leaf of a catalogue as [dotted key, value]. */
function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (value === null || typeof value !== 'object') return [[prefix, value]];
  return Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}

/**
 * Words a Turkish text may share with the English one: the brand, codes and tickers, and the few
 * words Turkish spells the same ("limit", "transfer"). Anything else identical is an untranslated text.
 */
const SAME_IN_BOTH = new Set([
  'backdesk',
  'crm',
  'kyc',
  'p2p',
  'csv',
  'xlsx',
  'excel',
  'lid',
  'limit',
  'transfer',
]);
const CODE = /^[A-Z0-9]{2,6}$/;

function mayBeIdentical(text: string): boolean {
  const words = text
    .replace(/\{\{[^}]+\}\}/g, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words.every((word) => CODE.test(word) || SAME_IN_BOTH.has(word.toLowerCase()));
}

const namespaces = Object.keys(files)
  .filter((path) => path.startsWith('./en/') || path.startsWith('./tr/'))
  .map((path) => path.slice('./xx/'.length))
  .filter((file, index, all) => all.indexOf(file) === index);

describe('locale files', () => {
  it.each(namespaces)('en/%s and tr/%s have the same keys', (file) => {
    const en = files[`./en/${file}`];
    const tr = files[`./tr/${file}`];
    expect(en, `en/${file} is missing`).toBeDefined();
    expect(tr, `tr/${file} is missing`).toBeDefined();
    const enKeys = new Set(leaves(en).map(([key]) => key));
    const trKeys = new Set(leaves(tr).map(([key]) => key));
    expect(
      [...enKeys].filter((key) => !trKeys.has(key)),
      `keys only in en/${file}`,
    ).toEqual([]);
    expect(
      [...trKeys].filter((key) => !enKeys.has(key)),
      `keys only in tr/${file}`,
    ).toEqual([]);
  });

  it.each(namespaces)('no value of %s is empty', (file) => {
    for (const lang of ['en', 'tr']) {
      const empty = leaves(files[`./${lang}/${file}`])
        .filter(([, text]) => typeof text !== 'string' || text.trim() === '')
        .map(([key]) => key);
      expect(empty, `empty values in ${lang}/${file}`).toEqual([]);
    }
  });

  it.each(namespaces)('every Turkish text of %s is translated', (file) => {
    const en = new Map(leaves(files[`./en/${file}`]));
    const untranslated = leaves(files[`./tr/${file}`])
      .filter(([key, text]) => typeof text === 'string' && text === en.get(key) && !mayBeIdentical(text))
      .map(([key, text]) => `${key}: ${String(text)}`);
    expect(untranslated, `tr/${file} values identical to English`).toEqual([]);
  });
});

describe('mayBeIdentical', () => {
  it('allows brands, codes and tickers, not ordinary English', () => {
    expect(mayBeIdentical('{{title}} — Backdesk')).toBe(true);
    expect(mayBeIdentical('Excel (XLSX)')).toBe(true);
    expect(mayBeIdentical('USDT')).toBe(true);
    expect(mayBeIdentical('Customers')).toBe(false);
    expect(mayBeIdentical('Save {{name}}')).toBe(false);
  });
});
