import { asc, eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx, executeNamed } from '../../../db/client.ts';
import { integrationKeys, integrations } from '../../../db/schema.ts';

export type IntegrationRow = typeof integrations.$inferSelect;
export type IntegrationKeyRow = typeof integrationKeys.$inferSelect;

/** What a public request needs of its key, read in one statement on every request (no cache). */
export interface KeyForRequest {
  key_id: number;
  integration_id: number;
  name: string;
  scopes: string[];
  enabled: boolean;
  requests_per_minute: number;
  secret_hash: Buffer;
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
  /** Whether the address is in the allowlist (true when there is none). */
  address_allowed: boolean;
}

export interface IntegrationFieldsRow {
  name: string;
  scopes: string[];
  allowedAddresses: string[] | null;
  requestsPerMinute: number;
}

/** The SQL of the integrations and their keys (the call log and idempotency have their own). */
export function createIntegrationsRepository() {
  return {
    /** The key with this prefix, its integration, and whether `address` may use it. */
    async keyForRequest(db: DbOrTx, prefix: string, address: string): Promise<KeyForRequest | undefined> {
      // Raw rows: timestamps arrive as PostgreSQL's text.
      type Raw = Omit<KeyForRequest, 'expires_at' | 'revoked_at' | 'last_used_at'> &
        Record<'expires_at' | 'revoked_at' | 'last_used_at', string | Date | null>;
      const date = (value: string | Date | null) => (value === null ? null : new Date(value));
      const [row] = await executeNamed<Raw>(
        db,
        'integration-key-for-request',
        sql`SELECT k.id AS key_id, k.integration_id, i.name, i.scopes, i.enabled, i.requests_per_minute,
                   k.secret_hash, k.expires_at, k.revoked_at, k.last_used_at,
                   (i.allowed_addresses IS NULL OR ${address}::inet <<= ANY (i.allowed_addresses)) AS address_allowed
              FROM integration_keys k JOIN integrations i ON i.id = k.integration_id
             WHERE k.prefix = ${prefix}`,
      );
      return (
        row && {
          ...row,
          expires_at: date(row.expires_at),
          revoked_at: date(row.revoked_at),
          last_used_at: date(row.last_used_at),
        }
      );
    },

    /** Marks the key used, at most once a minute: most requests write nothing. */
    async touchKey(db: DbOrTx, keyId: number, at: Date): Promise<void> {
      await executeNamed(
        db,
        'integration-key-touch',
        sql`UPDATE integration_keys SET last_used_at = ${at}
             WHERE id = ${keyId} AND (last_used_at IS NULL OR last_used_at < ${at}::timestamptz - interval '1 minute')`,
      );
    },

    async list(db: DbOrTx): Promise<IntegrationRow[]> {
      return db.select().from(integrations).orderBy(asc(integrations.name), asc(integrations.id));
    },

    async keysOf(db: DbOrTx, integrationIds: number[]): Promise<IntegrationKeyRow[]> {
      if (!integrationIds.length) return [];
      return db
        .select()
        .from(integrationKeys)
        .where(inArray(integrationKeys.integrationId, integrationIds))
        .orderBy(asc(integrationKeys.createdAt), asc(integrationKeys.id));
    },

    async find(db: DbOrTx, id: number): Promise<IntegrationRow | undefined> {
      const [row] = await db.select().from(integrations).where(eq(integrations.id, id));
      return row;
    },

    async findByName(db: DbOrTx, name: string): Promise<IntegrationRow | undefined> {
      const [row] = await db.select().from(integrations).where(eq(integrations.name, name));
      return row;
    },

    async lock(db: DbOrTx, id: number): Promise<IntegrationRow | undefined> {
      const [row] = await db.select().from(integrations).where(eq(integrations.id, id)).for('update');
      return row;
    },

    async insert(
      db: DbOrTx,
      row: IntegrationFieldsRow & { createdAt: Date; createdBy: number | null },
    ): Promise<IntegrationRow> {
      const [inserted] = await db.insert(integrations).values(row).returning();
      return inserted!;
    },

    async update(
      db: DbOrTx,
      id: number,
      fields: Partial<IntegrationFieldsRow> & { enabled?: boolean },
    ): Promise<IntegrationRow> {
      const [updated] = await db
        .update(integrations)
        .set({ ...fields, version: sql`${integrations.version} + 1` })
        .where(eq(integrations.id, id))
        .returning();
      return updated!;
    },

    async insertKey(
      db: DbOrTx,
      row: {
        integrationId: number;
        prefix: string;
        secretHash: Buffer;
        expiresAt: Date | null;
        createdAt: Date;
        createdBy: number | null;
      },
    ): Promise<IntegrationKeyRow> {
      const [inserted] = await db.insert(integrationKeys).values(row).returning();
      return inserted!;
    },

    async lockKey(db: DbOrTx, id: number): Promise<IntegrationKeyRow | undefined> {
      const [row] = await db.select().from(integrationKeys).where(eq(integrationKeys.id, id)).for('update');
      return row;
    },

    async revokeKey(db: DbOrTx, id: number, at: Date): Promise<IntegrationKeyRow> {
      const [row] = await db
        .update(integrationKeys)
        .set({ revokedAt: at })
        .where(eq(integrationKeys.id, id))
        .returning();
      return row!;
    },
  };
}
export type IntegrationsRepository = ReturnType<typeof createIntegrationsRepository>;
