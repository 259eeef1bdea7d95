import { describe, expect, it } from 'vitest';
import { unstorableTextPath } from './input-text.ts';

describe('unstorableTextPath', () => {
  it('names the first unstorable string or key, in the order of the input', () => {
    expect(unstorableTextPath({ note: 'fine', tags: ['ok'] })).toBeUndefined();
    expect(unstorableTextPath('a\0b')).toBe('(value)');
    expect(unstorableTextPath({ a: 'ok', b: { c: ['x', 'y\0'] }, d: '\0' })).toBe('b.c.1');
    expect(unstorableTextPath({ filters: { search: '\uD800' } })).toBe('filters.search');
    expect(unstorableTextPath({ a: { 'k\0ey': 'v' } })).toBe('a.k\uFFFDey');
    expect(unstorableTextPath({ '\uDC00': 'v', z: '\0' })).toBe('\uFFFD');
  });

  it('walks input nested far deeper than the call stack goes', () => {
    const depth = 200_000;
    const arrays: unknown = JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    expect(unstorableTextPath(arrays)).toBeUndefined();
    let objects: unknown = '\0';
    for (let i = 0; i < depth; i++) objects = { a: objects };
    expect(unstorableTextPath(objects)).toBe(Array(depth).fill('a').join('.'));
  });
});
