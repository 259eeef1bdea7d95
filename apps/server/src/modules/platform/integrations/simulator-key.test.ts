import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { INTEGRATION_SCOPES } from '@backdesk/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { systemClock } from '../../../lib/clock.ts';
import { createChanges } from '../audit/changes.ts';
import { parseApiKey } from './api-keys.ts';
import { createIntegrationsRepository } from './integrations.repository.ts';
import { createIntegrationsService } from './integrations.service.ts';
import { ensureSimulatorKey, SIMULATOR_INTEGRATION } from './simulator-key.ts';

const t = useTestApp();
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'backdesk-simulator-key-'));
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));
const secretsFile = path.join(dataDir, 'secrets.json');
const readSecrets = async () => JSON.parse(await fs.readFile(secretsFile, 'utf8'));

describe('the simulator key', () => {
  it('is made once, kept in the data folder’s secrets beside the others, and works', async () => {
    await fs.writeFile(secretsFile, JSON.stringify({ pgPassword: 'kept', appSecret: 'kept too' }));
    const key = await ensureSimulatorKey(t.db, dataDir);
    expect(await readSecrets()).toEqual({ pgPassword: 'kept', appSecret: 'kept too', simulatorKey: key });
    expect((await fs.stat(secretsFile)).mode & 0o777).toBe(0o600);
    expect(await ensureSimulatorKey(t.db, dataDir)).toBe(key);
    const res = await t.app.inject({ url: '/api/v1/whoami', headers: { authorization: `Bearer ${key}` } });
    expect(res.json()).toMatchObject({
      integration: { name: SIMULATOR_INTEGRATION },
      scopes: [...INTEGRATION_SCOPES],
    });
  });

  it('is replaced by a new key of the same integration once revoked', async () => {
    const before = (await readSecrets()).simulatorKey as string;
    const repo = createIntegrationsRepository();
    const row = await repo.keyForRequest(t.db, parseApiKey(before)!.prefix, '127.0.0.1');
    const service = createIntegrationsService({
      db: t.db,
      clock: systemClock,
      changes: createChanges(t.db),
      repo,
    });
    await service.revokeKey(row!.key_id, { memberId: null, requestId: 'test' });
    const after = await ensureSimulatorKey(t.db, dataDir);
    expect(after).not.toBe(before);
    expect((await readSecrets()).simulatorKey).toBe(after);
    const again = await repo.keyForRequest(t.db, parseApiKey(after)!.prefix, '127.0.0.1');
    expect(again!.integration_id).toBe(row!.integration_id);
  });
});
