import {
  INTEGRATION_RATE,
  type Integration,
  type IntegrationKey,
  type IntegrationScope,
  isIntegrationScope,
} from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Actor, Changes, SystemActor } from '../audit/changes.ts';
import { generateApiKey } from './api-keys.ts';
import type { IntegrationKeyRow, IntegrationRow, IntegrationsRepository } from './integrations.repository.ts';

export interface IntegrationInput {
  name: string;
  scopes: readonly IntegrationScope[];
  /** null or empty: any address. */
  allowed_addresses: readonly string[] | null;
  requests_per_minute?: number;
}

type Who = Actor | SystemActor;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export const keyOf = (row: IntegrationKeyRow): IntegrationKey => ({
  id: row.id,
  prefix: row.prefix,
  expires_at: iso(row.expiresAt),
  revoked_at: iso(row.revokedAt),
  last_used_at: iso(row.lastUsedAt),
  created_at: row.createdAt.toISOString(),
});

const integrationOf = (row: IntegrationRow, keys: IntegrationKeyRow[]): Integration => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes.filter(isIntegrationScope),
  allowed_addresses: row.allowedAddresses,
  enabled: row.enabled,
  requests_per_minute: row.requestsPerMinute,
  version: row.version,
  created_at: row.createdAt.toISOString(),
  keys: keys.filter((key) => key.integrationId === row.id).map(keyOf),
});

/** What the audit trail keeps of an integration. */
const auditedOf = (
  row: Pick<IntegrationRow, 'name' | 'scopes' | 'allowedAddresses' | 'enabled' | 'requestsPerMinute'>,
) => ({
  name: row.name,
  scopes: row.scopes,
  allowed_addresses: row.allowedAddresses,
  enabled: row.enabled,
  requests_per_minute: row.requestsPerMinute,
});

/** A unique violation on the name: a concurrent create or rename took it (R66). */
function nameTaken(error: unknown, name: string): AppError | undefined {
  const e = (error as { cause?: unknown }).cause ?? error;
  const { code, constraint } = e as { code?: string; constraint?: string };
  return code === '23505' && constraint === 'integrations_name_key'
    ? new AppError('INTEGRATION_NAME_TAKEN', { name })
    : undefined;
}

/**
 * The exchange's service identities and their keys (docs/decisions/0025-exchange-integration.md,
 * R66–R68). Every change is one audit row; keys are shown once and kept as a hash. Nothing here is
 * cached: the public API reads the key and its integration on every request.
 */
export function createIntegrationsService(deps: {
  db: Db;
  clock: Clock;
  changes: Changes;
  repo: IntegrationsRepository;
}) {
  const { db, clock, changes, repo } = deps;

  /**
   * The allowlist as PostgreSQL's networks (a lone address becomes /32 or /128); an entry with bits
   * set past its mask (10.0.0.1/8) is refused rather than silently widened or narrowed (R31).
   */
  async function allowlist(tx: Tx, addresses: readonly string[] | null): Promise<string[] | null> {
    if (!addresses?.length) return null;
    const { rows } = await tx.execute<{ i: number; net: string; exact: boolean }>(
      sql`SELECT i::int, network(a::inet)::text AS net, a::inet = network(a::inet)::inet AS exact
            FROM unnest(${`{${addresses.map((a) => `"${a}"`).join(',')}}`}::text[]) WITH ORDINALITY AS t(a, i) ORDER BY i`,
    );
    const issues = rows
      .filter((row) => !row.exact)
      .map((row) => ({
        path: `allowed_addresses.${row.i - 1}`,
        message: `Write the network as ${row.net}`,
        code: 'invalid_network',
      }));
    if (issues.length) throw new AppError('VALIDATION_FAILED', {}, { issues });
    return [...new Set(rows.map((row) => row.net))];
  }

  async function one(tx: Tx, row: IntegrationRow): Promise<Integration> {
    return integrationOf(row, await repo.keysOf(tx, [row.id]));
  }

  async function lockedCurrent(tx: Tx, ref: { id: number; version: number }): Promise<IntegrationRow> {
    const row = await repo.lock(tx, ref.id);
    if (!row) throw new AppError('INTEGRATION_NOT_FOUND');
    if (row.version !== ref.version) throw new AppError('STALE_EDIT');
    return row;
  }

  return {
    async list(): Promise<Integration[]> {
      const rows = await repo.list(db);
      const keys = await repo.keysOf(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => integrationOf(row, keys));
    },

    async create(input: IntegrationInput, actor: Who): Promise<Integration> {
      try {
        return await changes.run(actor, async (tx) => {
          const row = await repo.insert(tx, {
            name: input.name,
            scopes: [...input.scopes],
            allowedAddresses: await allowlist(tx, input.allowed_addresses),
            requestsPerMinute: input.requests_per_minute ?? INTEGRATION_RATE.default,
            createdAt: clock.now(),
            createdBy: actor.memberId,
          });
          return {
            result: await one(tx, row),
            change: {
              entity: 'integration',
              action: 'create',
              entityId: row.id,
              before: null,
              after: auditedOf(row),
            },
          };
        });
      } catch (error) {
        throw nameTaken(error, input.name) ?? error;
      }
    },

    async update(
      input: IntegrationInput & { id: number; version: number },
      actor: Who,
    ): Promise<Integration> {
      try {
        return await changes.run(actor, async (tx) => {
          const before = await lockedCurrent(tx, input);
          const fields = {
            name: input.name,
            scopes: [...input.scopes],
            allowedAddresses: await allowlist(tx, input.allowed_addresses),
            requestsPerMinute: input.requests_per_minute ?? before.requestsPerMinute,
          };
          const after = { ...before, ...fields };
          const change = {
            entity: 'integration',
            action: 'update',
            entityId: before.id,
            before: auditedOf(before),
            after: auditedOf(after),
          } as const;
          // An edit that changes nothing leaves the version alone (changes.run writes no row).
          if (JSON.stringify(change.before) === JSON.stringify(change.after))
            return { result: await one(tx, before), change: null };
          return { result: await one(tx, await repo.update(tx, before.id, fields)), change };
        });
      } catch (error) {
        throw nameTaken(error, input.name) ?? error;
      }
    },

    /** Disabling refuses every key of the integration from the next request, on every node (R67). */
    async setEnabled(
      ref: { id: number; version: number },
      enabled: boolean,
      actor: Who,
    ): Promise<Integration> {
      return changes.run(actor, async (tx) => {
        const before = await lockedCurrent(tx, ref);
        if (before.enabled === enabled) return { result: await one(tx, before), change: null };
        const after = await repo.update(tx, before.id, { enabled });
        return {
          result: await one(tx, after),
          change: {
            entity: 'integration',
            action: enabled ? 'enable' : 'disable',
            entityId: before.id,
            before: { enabled: before.enabled },
            after: { enabled },
          },
        };
      });
    },

    /** A new key: the answer holds the whole key, which is never shown again (R67). */
    async createKey(
      input: { integrationId: number; expiresAt: Date | null },
      actor: Who,
    ): Promise<{ key: IntegrationKey; secret: string }> {
      const now = clock.now();
      if (input.expiresAt && input.expiresAt.getTime() <= now.getTime())
        throw new AppError('INTEGRATION_KEY_EXPIRY_PAST');
      return changes.run(actor, async (tx) => {
        const integration = await repo.lock(tx, input.integrationId);
        if (!integration) throw new AppError('INTEGRATION_NOT_FOUND');
        const made = generateApiKey();
        const row = await repo.insertKey(tx, {
          integrationId: integration.id,
          prefix: made.prefix,
          secretHash: made.secretHash,
          expiresAt: input.expiresAt,
          createdAt: now,
          createdBy: actor.memberId,
        });
        return {
          result: { key: keyOf(row), secret: made.key },
          change: {
            entity: 'integration_key',
            action: 'create',
            entityId: row.id,
            before: null,
            after: { integration_id: integration.id, prefix: row.prefix, expires_at: iso(row.expiresAt) },
          },
        };
      });
    },

    /** A revoked key is refused from the next request, on every node (R67). */
    async revokeKey(id: number, actor: Who): Promise<IntegrationKey> {
      return changes.run(actor, async (tx) => {
        const key = await repo.lockKey(tx, id);
        if (!key) throw new AppError('INTEGRATION_KEY_NOT_FOUND');
        if (key.revokedAt) throw new AppError('INTEGRATION_KEY_REVOKED');
        const row = await repo.revokeKey(tx, id, clock.now());
        return {
          result: keyOf(row),
          change: {
            entity: 'integration_key',
            action: 'revoke',
            entityId: id,
            before: { prefix: key.prefix, revoked_at: null },
            after: { prefix: key.prefix, revoked_at: iso(row.revokedAt) },
          },
        };
      });
    },
  };
}
export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
