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

    /**
     * `keyForRequest` that also counts the request against the key's per-minute limit and marks the
     * key used (at most once a minute), in one statement for `counter.takeWithin` (decision 0025).
     * It counts only what the caller will not refuse before the limit: the secret's hash matches, the
     * key is neither revoked nor expired at `now`, the integration enabled, the address allowed; and
     * touches only a request that also passes the limit and holds `scope`. The caller still checks
     * the secret in constant time and decides; `hits` is null when nothing was counted.
     */
    keyCountedStatement(k: {
      prefix: string;
      address: string;
      secretHash: Buffer;
      scope: string | null;
      now: Date;
      windowStart: Date;
    }): { name: string; text: string; values: unknown[] } {
      return {
        name: 'integration-key-counted',
        text: `WITH k AS (
            SELECT k.id AS key_id, k.integration_id, i.name, i.scopes, i.enabled, i.requests_per_minute,
                   k.secret_hash, k.expires_at, k.revoked_at, k.last_used_at,
                   (i.allowed_addresses IS NULL OR $2::inet <<= ANY (i.allowed_addresses)) AS address_allowed
              FROM integration_keys k JOIN integrations i ON i.id = k.integration_id
             WHERE k.prefix = $1),
          valid AS (SELECT * FROM k WHERE k.secret_hash = $3 AND k.revoked_at IS NULL AND k.enabled
                       AND (k.expires_at IS NULL OR k.expires_at > $5) AND k.address_allowed),
          counted AS (INSERT INTO request_counts (window_start, bucket, subject, hits)
                      SELECT $6, 'api key', valid.key_id::text, 1 FROM valid
                      ON CONFLICT (window_start, bucket, subject) DO UPDATE SET hits = request_counts.hits + 1
                      RETURNING hits),
          touched AS (UPDATE integration_keys t SET last_used_at = $5 FROM valid, counted
                       WHERE t.id = valid.key_id AND counted.hits <= valid.requests_per_minute
                         AND ($4::text IS NULL OR $4::text = ANY (valid.scopes))
                         AND (t.last_used_at IS NULL OR t.last_used_at < $5::timestamptz - interval '1 minute')
                      RETURNING 1)
          SELECT k.*, (SELECT hits FROM counted) AS hits FROM k`,
        values: [k.prefix, k.address, k.secretHash, k.scope, k.now, k.windowStart],
      };
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
