import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The contract's modules that say "Free of zod" are read by this app's entry chunk and its routes. One
// runtime import of a module that builds schemas drags zod (about 90 KB) into the entry: the bundler
// keeps a used module's top-level schema calls, so the whole chain of imports has to stay free of it.
const root = path.resolve(import.meta.dirname, '../../../../packages/contract/src');

/** Relative modules a file imports at run time (type-only imports vanish from the build). */
function runtimeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)].map(
    (match) => match[1] as string,
  );
}

/** The chain from `file` to a module that imports zod, or undefined when there is none. */
function zodChain(file: string, seen = new Set<string>()): string[] | undefined {
  if (seen.has(file)) return undefined;
  seen.add(file);
  for (const specifier of runtimeImports(file)) {
    if (specifier === 'zod' || specifier.startsWith('zod/')) return [file];
    if (!specifier.startsWith('.')) continue;
    const chain = zodChain(path.resolve(path.dirname(file), specifier), seen);
    if (chain) return [file, ...chain];
  }
  return undefined;
}

const declaredFree = readdirSync(root, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .filter((name) => readFileSync(path.join(root, name), 'utf8').startsWith('// Free of zod'));

describe('contract modules declared free of zod', () => {
  it('are found', () => expect(declaredFree.length).toBeGreaterThanOrEqual(8));

  it.each(declaredFree)('%s imports nothing that imports zod', (name) => {
    const chain = zodChain(path.join(root, name));
    expect(chain?.map((file) => path.relative(root, file))).toBeUndefined();
  });

  it('sees a chain through a re-export', () => {
    // settings.ts builds schemas; a keys module that took its enum from there would fail above.
    expect(zodChain(path.join(root, 'settings.ts'))).toEqual([path.join(root, 'settings.ts')]);
  });
});
