import type { Member, MemberStatus, Profile } from '@backdesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { staffMembers } from '../../../db/schema.ts';
import { isoUtc } from '../../../db/sql/index.ts';

export type StaffMemberRow = typeof staffMembers.$inferSelect;
export type NewStaffMember = typeof staffMembers.$inferInsert;

/** A member's fields that changes set, and read back under the row lock. */
type ChangeableFields = {
  display_name: string;
  email: string | null;
  roles: string[];
  status: MemberStatus;
  must_change_password: boolean;
  password_hash: string;
};

/** What a change to a member reads under its row lock. */
export type LockedMember = ChangeableFields & {
  id: number;
  user_name: string;
  version: number;
  source: string;
};

/** The fields a change may set; the version moves with each. */
export type MemberChange = Partial<
  ChangeableFields & { password_changed_at: Date; source: 'local' | 'sso' | 'scim' }
>;

const COLUMN_OF: Record<keyof MemberChange, string> = {
  display_name: 'display_name',
  email: 'email',
  roles: 'roles',
  status: 'status',
  must_change_password: 'must_change_password',
  password_hash: 'password_hash',
  password_changed_at: 'password_changed_at',
  source: 'source',
};

/** Passwords a member gave up that a new one may not repeat, besides the current one. */
const PASSWORD_HISTORY = 5;

/**
 * Two-factor is on when the member has an enabled method (table of migration 0015). The last sign-in
 * is the later of the newest session and the access log's newest sign-in (index of 0011): a sign-in
 * writes both, but the log also holds history that has no session (the demo's last 30 days).
 */
const memberColumns = (now: Date) => sql`
  m.id, m.user_name, m.display_name, m.email, m.roles, m.status, m.source, m.must_change_password,
  EXISTS (SELECT 1 FROM staff_two_factor_methods f WHERE f.member_id = m.id) AS two_factor,
  ${isoUtc(sql`greatest(
    (SELECT max(s.created_at) FROM staff_sessions s WHERE s.member_id = m.id),
    (SELECT max(a.at) FROM access_log a WHERE a.user_name = m.user_name AND a.event = 'login'))`)} AS last_sign_in_at,
  (SELECT count(*)::int FROM staff_sessions s
    WHERE s.member_id = m.id AND s.revoked_at IS NULL AND s.expires_at > ${now}) AS active_sessions,
  coalesce((SELECT json_agg(json_build_object(
      'provider', i.provider, 'subject', i.subject, 'email', i.email,
      'linked_at', ${isoUtc(sql`i.linked_at`)}, 'last_sign_in_at', ${isoUtc(sql`i.last_sign_in_at`)})
    ORDER BY i.linked_at, i.id) FROM staff_identities i WHERE i.member_id = m.id), '[]') AS identities,
  ${isoUtc(sql`m.created_at`)} AS created_at, m.version`;

export function createMembersRepository() {
  return {
    async findByUserName(db: DbOrTx, userName: string): Promise<StaffMemberRow | undefined> {
      const [row] = await db.select().from(staffMembers).where(eq(staffMembers.userName, userName));
      return row;
    },

    async insert(db: DbOrTx, member: NewStaffMember): Promise<StaffMemberRow> {
      const [row] = await db.insert(staffMembers).values(member).returning();
      return row!;
    },

    /** Inserts a member unless the user name is taken (also by a concurrent insert): undefined then. */
    async insertIfNew(db: DbOrTx, member: NewStaffMember): Promise<number | undefined> {
      const [row] = await db
        .insert(staffMembers)
        .values(member)
        .onConflictDoNothing({ target: staffMembers.userName })
        .returning({ id: staffMembers.id });
      return row?.id;
    },

    /** The member as their own settings show them. */
    async profile(db: DbOrTx, id: number): Promise<Profile | undefined> {
      const result = await db.execute<Profile>(sql`
        SELECT id, user_name, display_name, email, roles, language, color_mode, time_zone, must_change_password,
          ${isoUtc(sql`password_changed_at`)} AS password_changed_at, version
        FROM staff_members WHERE id = ${id}`);
      return result.rows[0];
    },

    async count(db: DbOrTx): Promise<number> {
      return db.$count(staffMembers);
    },

    /** Every member, by display name: a staff list is small enough to answer whole. */
    async list(db: DbOrTx, now: Date): Promise<Member[]> {
      const result = await db.execute<Member>(sql`
        SELECT ${memberColumns(now)} FROM staff_members m
        ORDER BY lower(m.display_name), m.id`);
      return result.rows;
    },

    async byId(db: DbOrTx, id: number, now: Date): Promise<Member | undefined> {
      const result = await db.execute<Member>(sql`
        SELECT ${memberColumns(now)} FROM staff_members m WHERE m.id = ${id}`);
      return result.rows[0];
    },

    /** The member's row, locked until the transaction ends: a change compares its version under it. */
    async lock(db: DbOrTx, id: number): Promise<LockedMember | undefined> {
      const result = await db.execute<LockedMember>(sql`
        SELECT id, user_name, display_name, email, roles, status, must_change_password, password_hash, version, source
        FROM staff_members WHERE id = ${id} FOR UPDATE`);
      return result.rows[0];
    },

    /**
     * The active supers, locked: two supers demoting or disabling each other at once are serialised,
     * and the second sees the first's change (a row no longer matching drops out on re-check).
     */
    async lockActiveSupers(db: DbOrTx): Promise<number[]> {
      const result = await db.execute<{ id: number }>(sql`
        SELECT id FROM staff_members WHERE status = 'active' AND 'super' = ANY (roles)
        ORDER BY id FOR UPDATE`);
      return result.rows.map((r) => r.id);
    },

    /** Applies a change and moves the version on (an empty change moves only the version). */
    async update(db: DbOrTx, id: number, change: MemberChange, at: Date): Promise<void> {
      const sets = Object.entries(change).map(([field, value]) => {
        const column = sql.raw(COLUMN_OF[field as keyof MemberChange]);
        return field === 'roles'
          ? sql`${column} = ARRAY[${sql.join(
              (value as string[]).map((role) => sql`${role}`),
              sql`, `,
            )}]::text[]`
          : sql`${column} = ${value as string | boolean | Date | null}`;
      });
      sets.push(sql`updated_at = ${at}`, sql`version = version + 1`);
      await db.execute(sql`UPDATE staff_members SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
    },

    /** Language and colour mode: preferences, outside the version a profile edit is checked against. */
    async setPreferences(
      db: DbOrTx,
      id: number,
      prefs: {
        language?: string | undefined;
        color_mode?: string | undefined;
        /** null: back to the browser's zone. */
        time_zone?: string | null | undefined;
      },
    ): Promise<void> {
      await db.execute(sql`
        UPDATE staff_members SET
          language = coalesce(${prefs.language ?? null}, language),
          color_mode = coalesce(${prefs.color_mode ?? null}, color_mode),
          time_zone = CASE WHEN ${prefs.time_zone === undefined} THEN time_zone ELSE ${prefs.time_zone ?? null} END
        WHERE id = ${id}`);
    },

    async passwordHash(db: DbOrTx, id: number): Promise<string | undefined> {
      const result = await db.execute<{ password_hash: string }>(
        sql`SELECT password_hash FROM staff_members WHERE id = ${id}`,
      );
      return result.rows[0]?.password_hash;
    },

    /** The hashes a new password may not match: the current one and the last few given up. */
    async recentPasswordHashes(db: DbOrTx, id: number): Promise<string[]> {
      const result = await db.execute<{ password_hash: string }>(sql`
        (SELECT password_hash FROM staff_members WHERE id = ${id})
        UNION ALL
        (SELECT password_hash FROM staff_password_history WHERE member_id = ${id}
         ORDER BY retired_at DESC, id DESC LIMIT ${PASSWORD_HISTORY})`);
      return result.rows.map((r) => r.password_hash);
    },

    /** Keeps the hash being replaced, so it cannot come back. */
    async retirePassword(db: DbOrTx, id: number, hash: string, at: Date): Promise<void> {
      await db.execute(sql`
        INSERT INTO staff_password_history (member_id, password_hash, retired_at) VALUES (${id}, ${hash}, ${at})`);
    },
  };
}
export type MembersRepository = ReturnType<typeof createMembersRepository>;
