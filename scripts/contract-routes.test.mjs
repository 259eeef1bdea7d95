import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateRoutes, routesDir } from './contract-routes.mjs';

// The web names endpoints by these files (apps/web/src/lib/contract.ts): a contract change without
// `npm run contract:routes` would leave a page calling a path the server no longer has.
describe('packages/contract/src/routes', () => {
  it('match the contract: run `npm run contract:routes` after changing an endpoint', async () => {
    const expected = await generateRoutes();
    expect(readdirSync(routesDir).sort()).toEqual([...expected.keys()].sort());
    for (const [name, text] of expected) {
      expect(readFileSync(join(routesDir, name), 'utf8'), name).toBe(text);
    }
  });
});
