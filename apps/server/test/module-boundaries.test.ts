import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The direction of the server's imports (docs/architecture.md, "Server"): an area of modules/ uses
// another only through that area's public entry (its index.ts), platform/ uses no area, and lib/
// uses nothing of modules/. Biome checks cycles; this checks what Biome's import rules cannot say.

const SRC = path.join(import.meta.dirname, '../src');
const MODULES = path.join(SRC, 'modules');
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The area a file belongs to (`crm`, `platform`…), or null outside modules/. */
function areaOf(file: string): string | null {
  const rel = path.relative(MODULES, file);
  return rel.startsWith('..') ? null : rel.split(path.sep)[0]!;
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(SPECIFIER)].map((m) => path.resolve(path.dirname(file), m[1]!));
}

const show = (file: string) => path.relative(SRC, file);

const isUnder = (dir: string, file: string) => !path.relative(dir, file).startsWith('..');

function violations(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const from = areaOf(file);
    const inLib = isUnder(path.join(SRC, 'lib'), file);
    // Tests may reach into an area's files for fixtures: they are not part of the app's graph.
    const isTest = file.endsWith('.test.ts');
    for (const target of importsOf(file)) {
      const to = areaOf(target);
      const where = `${show(file)} → ${show(target)}`;
      if (to === null) continue;
      if (inLib) found.push(`${where}: lib/ never imports modules/`);
      else if (isTest || from === null || from === to) continue;
      else if (from === 'platform') found.push(`${where}: platform/ uses no area`);
      else if (to !== 'platform' && target !== path.join(MODULES, to, 'index.ts'))
        found.push(`${where}: another area only through modules/${to}/index.ts`);
    }
  }
  return found;
}

describe('server module boundaries', () => {
  it('finds the imports it checks', () => {
    expect(importsOf(path.join(SRC, 'app.ts')).length).toBeGreaterThan(20);
  });

  it('keeps areas apart, platform below them and lib below modules', () => {
    expect(violations()).toEqual([]);
  });
});
