#!/usr/bin/env node
// `npm run contract:routes`: writes packages/contract/src/routes/<area>.ts, each endpoint's method, path
// and access as plain strings, from the area's schema module. The web names endpoints with these
// (apps/web/src/lib/contract.ts) so a page neither retypes them nor loads zod to know them;
// contract-routes.test.mjs fails when a file is stale.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const contractRoot = join(import.meta.dirname, '..', 'packages', 'contract');
export const routesDir = join(contractRoot, 'src', 'routes');

/** The schema modules the web loads by area (the package's `./areas/*` entries, and `./auth`). */
export function areaModules() {
  const { exports } = JSON.parse(readFileSync(join(contractRoot, 'package.json'), 'utf8'));
  return Object.entries(exports)
    .filter(([entry]) => entry === './auth' || entry.startsWith('./areas/'))
    .map(([entry, file]) => ({ area: entry.slice(entry.lastIndexOf('/') + 1), file }));
}

const isEndpoint = (value) =>
  typeof value === 'object' &&
  value !== null &&
  typeof value.method === 'string' &&
  typeof value.path === 'string' &&
  typeof value.access === 'string' &&
  'response' in value;

const quote = (text) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/** The generated files' text by file name, from the contract as it is now. */
export async function generateRoutes() {
  const files = new Map();
  for (const { area, file } of areaModules()) {
    // By file path, not the package name: Node strips types only outside node_modules.
    const module = await import(pathToFileURL(join(contractRoot, file)).href);
    const names = Object.keys(module)
      .filter((name) => isEndpoint(module[name]))
      .sort();
    const body = names.map((name) => {
      const { method, path, access } = module[name];
      return [
        `export const ${name} = {`,
        `  name: ${quote(name)},`,
        `  method: ${quote(method)},`,
        `  path: ${quote(path)},`,
        `  access: ${quote(access)},`,
        '} as const;',
      ].join('\n');
    });
    files.set(
      `${area}.ts`,
      [
        `// Generated from ${file.replace('./src/', '')} by \`npm run contract:routes\`; do not edit.`,
        '// Plain strings, no zod: the web names an endpoint with these before its schemas load.',
        '',
        body.join('\n\n'),
        '',
      ].join('\n'),
    );
  }
  return files;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const files = await generateRoutes();
  rmSync(routesDir, { recursive: true, force: true });
  mkdirSync(routesDir, { recursive: true });
  for (const [name, text] of files) writeFileSync(join(routesDir, name), text);
  console.log(`${readdirSync(routesDir).length} route files written to ${routesDir}`);
}
