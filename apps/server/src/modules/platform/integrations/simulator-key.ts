import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { INTEGRATION_SCOPES } from '@backdesk/contract';
import type { Db } from '../../../db/client.ts';
import { systemClock } from '../../../lib/clock.ts';
import { createChanges } from '../audit/changes.ts';
import { parseApiKey, secretMatches } from './api-keys.ts';
import { createIntegrationsRepository } from './integrations.repository.ts';
import { createIntegrationsService } from './integrations.service.ts';

/** The integration the exchange simulator drives the demo as. */
export const SIMULATOR_INTEGRATION = 'Exchange simulator';
const SECRETS_FILE = 'secrets.json';

async function readSecrets(file: string): Promise<Record<string, unknown>> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}

/** Writes the secrets whole or not at all (a crash mid-write leaves the old file), owner-only. */
async function writeSecrets(file: string, secrets: Record<string, unknown>): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temporary, JSON.stringify(secrets), { mode: 0o600 });
  await fs.rename(temporary, file);
}

/**
 * The simulator's API key, kept in the data folder's secrets beside the database password
 * (`secrets.json`, owner-only): the stored key while it still works (not revoked or expired, its
 * integration enabled), else a new key of the "Exchange simulator" integration (created with every
 * scope if missing), written back. A disabled simulator integration stays disabled: a super's
 * decision is not undone by a start, and the key is then refused like any other.
 */
export async function ensureSimulatorKey(db: Db, dataDir: string): Promise<string> {
  const file = path.join(dataDir, SECRETS_FILE);
  const repo = createIntegrationsRepository();
  const secrets = await readSecrets(file);
  const stored = typeof secrets.simulatorKey === 'string' ? secrets.simulatorKey : undefined;
  const parsed = stored ? parseApiKey(stored) : undefined;
  if (stored && parsed) {
    const row = await repo.keyForRequest(db, parsed.prefix, '127.0.0.1');
    const now = systemClock.now().getTime();
    const usable =
      row !== undefined &&
      secretMatches(parsed.secret, row.secret_hash) &&
      row.revoked_at === null &&
      (row.expires_at === null || row.expires_at.getTime() > now);
    if (usable) return stored;
  }
  const service = createIntegrationsService({ db, clock: systemClock, changes: createChanges(db), repo });
  const actor = { memberId: null, requestId: `simulator-key-${randomUUID()}` };
  // Two nodes starting together may both create it: the name is unique, the loser uses the winner's.
  const existing = await repo.findByName(db, SIMULATOR_INTEGRATION);
  const id =
    existing?.id ??
    (
      await service
        .create({ name: SIMULATOR_INTEGRATION, scopes: INTEGRATION_SCOPES, allowed_addresses: null }, actor)
        .catch(async (error: unknown) => {
          const winner = await repo.findByName(db, SIMULATOR_INTEGRATION);
          if (winner) return winner;
          throw error;
        })
    ).id;
  const { secret } = await service.createKey({ integrationId: id, expiresAt: null }, actor);
  await writeSecrets(file, { ...(await readSecrets(file)), simulatorKey: secret });
  return secret;
}
