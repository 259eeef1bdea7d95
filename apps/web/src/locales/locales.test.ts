import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

function keyPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

describe('locale files', () => {
  const namespaces = Object.keys(files)
    .filter((path) => path.startsWith('./en/'))
    .map((path) => path.slice('./en/'.length));

  it.each(namespaces)('tr/%s has exactly the keys of en/%s, none empty', (file) => {
    const en = files[`./en/${file}`];
    const tr = files[`./tr/${file}`];
    expect(tr, `tr/${file} is missing`).toBeDefined();
    expect(keyPaths(tr).sort()).toEqual(keyPaths(en).sort());
    for (const path of keyPaths(tr)) {
      const text = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], tr);
      expect(typeof text === 'string' && text.trim().length > 0, `tr/${file}: ${path}`).toBe(true);
    }
  });
});
