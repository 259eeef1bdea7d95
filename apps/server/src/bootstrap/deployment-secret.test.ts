import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-server.ts';
import { createPool } from '../db/client.ts';
import { storedDeploymentSecret } from './deployment-secret.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('the deployment secret kept in the database', () => {
  it('is one secret for nodes starting together, and the same after a restart', async () => {
    const pools = Array.from({ length: 4 }, () => createPool(database.appUrl, 1));
    try {
      const secrets = await Promise.all(pools.map((p) => storedDeploymentSecret(p)));
      expect(new Set(secrets).size).toBe(1);
      expect(secrets[0]).toMatch(/^[0-9a-f]{64}$/);
      expect(await storedDeploymentSecret(pools[0]!)).toBe(secrets[0]);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });
});
