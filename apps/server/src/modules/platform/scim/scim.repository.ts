import type { ScimToken } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { isoUtc } from '../../../db/sql/index.ts';

/** A provisioned member as SCIM sees them. */
export type ScimMemberRow = {
  id: number;
  user_name: string;
  scim_user_name: string;
  scim_external_id: string | null;
  display_name: string;
  email: string | null;
  status: 'active' | 'disabled';
  roles: string[];
  version: number;
  created_at: string;
  updated_at: string;
};

const MEMBER_COLUMNS = sql`id, user_name, scim_user_name, scim_external_id, display_name, email, status, roles,
  version, ${isoUtc(sql`created_at`)} AS created_at, ${isoUtc(sql`updated_at`)} AS updated_at`;

/** Only members SCIM made and has not deleted: a local member is none of the provider's business. */
const PROVISIONED = sql`source = 'scim' AND scim_deleted_at IS NULL`;

const TOKEN_COLUMNS = sql`t.id, t.name, t.prefix, c.user_name AS created_by,
  ${isoUtc(sql`t.created_at`)} AS created_at, ${isoUtc(sql`t.last_used_at`)} AS last_used_at,
  ${isoUtc(sql`t.revoked_at`)} AS revoked_at, t.version`;

export function createScimRepository() {
  return {
    // ── tokens ─────────────────────────────────────────────────────────────
    async listTokens(db: DbOrTx): Promise<ScimToken[]> {
      const { rows } = await db.execute<ScimToken>(sql`SELECT ${TOKEN_COLUMNS} FROM scim_tokens t
        LEFT JOIN staff_members c ON c.id = t.created_by ORDER BY t.created_at DESC, t.id DESC`);
      return rows;
    },

    async token(db: DbOrTx, id: number, lock = false): Promise<ScimToken | undefined> {
      const { rows } = await db.execute<ScimToken>(sql`SELECT ${TOKEN_COLUMNS} FROM scim_tokens t
        LEFT JOIN staff_members c ON c.id = t.created_by WHERE t.id = ${id} ${lock ? sql`FOR UPDATE OF t` : sql``}`);
      return rows[0];
    },

    async insertToken(
      db: DbOrTx,
      token: { name: string; prefix: string; secretHash: Buffer; createdBy: number; at: Date },
    ): Promise<number> {
      const { rows } = await db.execute<{ id: number }>(sql`
        INSERT INTO scim_tokens (name, prefix, secret_hash, created_by, created_at)
        VALUES (${token.name}, ${token.prefix}, ${token.secretHash}, ${token.createdBy}, ${token.at}) RETURNING id`);
      return rows[0]!.id;
    },

    async revokeToken(db: DbOrTx, id: number, by: number, at: Date): Promise<void> {
      await db.execute(sql`UPDATE scim_tokens SET revoked_at = ${at}, revoked_by = ${by}, version = version + 1
        WHERE id = ${id}`);
    },

    async liveToken(db: DbOrTx, prefix: string): Promise<{ id: number; secret_hash: Buffer } | undefined> {
      const { rows } = await db.execute<{ id: number; secret_hash: Buffer }>(sql`
        SELECT id, secret_hash FROM scim_tokens WHERE prefix = ${prefix} AND revoked_at IS NULL`);
      return rows[0];
    },

    /** Marks a token used, at most once a minute, so a burst of calls is not a burst of writes. */
    async touchToken(db: DbOrTx, id: number, at: Date): Promise<void> {
      await db.execute(sql`UPDATE scim_tokens SET last_used_at = ${at} WHERE id = ${id}
        AND (last_used_at IS NULL OR last_used_at < ${new Date(at.getTime() - 60_000)})`);
    },

    async provisioningOn(db: DbOrTx): Promise<boolean> {
      const { rows } = await db.execute<{ on: boolean }>(
        sql`SELECT EXISTS (SELECT 1 FROM scim_tokens WHERE revoked_at IS NULL) AS on`,
      );
      return rows[0]!.on;
    },

    // ── members ────────────────────────────────────────────────────────────
    async member(db: DbOrTx, id: number, lock = false): Promise<ScimMemberRow | undefined> {
      const { rows } = await db.execute<ScimMemberRow>(sql`SELECT ${MEMBER_COLUMNS} FROM staff_members
        WHERE id = ${id} AND ${PROVISIONED} ${lock ? sql`FOR UPDATE` : sql``}`);
      return rows[0];
    },

    /** One page of provisioned members (by id) and how many match. */
    async members(
      db: DbOrTx,
      filter: { attribute: string; value: string } | undefined,
      offset: number,
      limit: number,
    ): Promise<{ rows: ScimMemberRow[]; total: number }> {
      const where = filter ? sql`${PROVISIONED} AND ${memberFilter(filter)}` : PROVISIONED;
      const [page, count] = await Promise.all([
        limit === 0
          ? { rows: [] as ScimMemberRow[] }
          : db.execute<ScimMemberRow>(sql`SELECT ${MEMBER_COLUMNS} FROM staff_members WHERE ${where}
              ORDER BY id LIMIT ${limit} OFFSET ${offset}`),
        db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM staff_members WHERE ${where}`),
      ]);
      return { rows: page.rows, total: count.rows[0]!.n };
    },

    /** Provisioned members holding a role, for a group's `members`. */
    async holding(db: DbOrTx, role: string): Promise<ScimMemberRow[]> {
      const { rows } = await db.execute<ScimMemberRow>(sql`SELECT ${MEMBER_COLUMNS} FROM staff_members
        WHERE ${PROVISIONED} AND ${role} = ANY (roles) ORDER BY id`);
      return rows;
    },

    async userNameTaken(db: DbOrTx, scimUserName: string, except?: number): Promise<boolean> {
      const { rows } =
        await db.execute(sql`SELECT 1 FROM staff_members WHERE lower(scim_user_name) = lower(${scimUserName})
        AND scim_deleted_at IS NULL ${except ? sql`AND id <> ${except}` : sql``}`);
      return rows.length > 0;
    },

    /** Backdesk user names that start with `base`, to make a free one. */
    async userNamesLike(db: DbOrTx, base: string): Promise<Set<string>> {
      const { rows } = await db.execute<{ user_name: string }>(
        sql`SELECT user_name FROM staff_members WHERE user_name LIKE ${`${base.replace(/[\\%_]/g, '\\$&')}%`}`,
      );
      return new Set(rows.map((r) => r.user_name));
    },

    async insertMember(
      db: DbOrTx,
      member: {
        userName: string;
        scimUserName: string;
        externalId: string | null;
        displayName: string;
        email: string | null;
        active: boolean;
        at: Date;
      },
    ): Promise<number> {
      const { rows } = await db.execute<{ id: number }>(sql`
        INSERT INTO staff_members (user_name, scim_user_name, scim_external_id, display_name, email, password_hash,
          roles, status, source, created_at, updated_at)
        VALUES (${member.userName}, ${member.scimUserName}, ${member.externalId}, ${member.displayName}, ${member.email},
          '!scim', '{}', ${member.active ? 'active' : 'disabled'}, 'scim', ${member.at}, ${member.at})
        RETURNING id`);
      return rows[0]!.id;
    },

    async updateMember(
      db: DbOrTx,
      id: number,
      set: {
        scimUserName: string;
        externalId: string | null;
        displayName: string;
        email: string | null;
        status: string;
        roles: string[];
        deleted?: boolean;
      },
      at: Date,
    ): Promise<void> {
      await db.execute(sql`UPDATE staff_members SET scim_user_name = ${set.scimUserName},
        scim_external_id = ${set.externalId}, display_name = ${set.displayName}, email = ${set.email},
        status = ${set.status}, roles = string_to_array(${set.roles.join(',')}, ','),
        ${set.deleted ? sql`scim_deleted_at = ${at},` : sql``}
        version = version + 1, updated_at = ${at} WHERE id = ${id}`);
    },

    /** Active supers other than `id`: Backdesk never loses its last one. */
    async otherActiveSupers(db: DbOrTx, id: number): Promise<number> {
      const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM staff_members
        WHERE id <> ${id} AND status = 'active' AND 'super' = ANY (roles)`);
      return rows[0]!.n;
    },

    /**
     * Ends the member's live sign-ins. The auth lookup reads the session row and the member's status
     * on every request, so this holds on every node at the next request.
     */
    async endSessions(db: DbOrTx, memberId: number, at: Date): Promise<string[]> {
      const { rows } = await db.execute<{ id: string }>(sql`UPDATE staff_sessions
        SET revoked_at = ${at}, revoked_reason = 'member_disabled'
        WHERE member_id = ${memberId} AND revoked_at IS NULL AND expires_at > ${at} RETURNING id::text`);
      return rows.map((r) => r.id);
    },
  };
}
export type ScimRepository = ReturnType<typeof createScimRepository>;

function memberFilter({ attribute, value }: { attribute: string; value: string }): SQL {
  if (attribute === 'userName') return sql`lower(scim_user_name) = lower(${value})`;
  if (attribute === 'externalId') return sql`scim_external_id = ${value}`;
  // id: a non-number finds nobody rather than failing the cast.
  return /^\d{1,9}$/.test(value) ? sql`id = ${Number(value)}` : sql`false`;
}
