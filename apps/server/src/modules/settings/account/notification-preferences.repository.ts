import type { NotificationPreference } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';

/** A member's stored choices; an event without a row takes the contract's default. */
export function createNotificationPreferencesRepository() {
  return {
    async forMember(db: DbOrTx, memberId: number, lock = false): Promise<NotificationPreference[]> {
      const result = await db.execute<NotificationPreference>(sql`
        SELECT kind, severity, inbox, desktop FROM staff_notification_preferences
        WHERE member_id = ${memberId} ${lock ? sql`FOR UPDATE` : sql``}`);
      return result.rows;
    },

    async save(db: DbOrTx, memberId: number, items: NotificationPreference[], at: Date): Promise<void> {
      if (items.length === 0) return;
      const rows = items.map(
        (p) => sql`(${memberId}, ${p.kind}, ${p.severity}, ${p.inbox}, ${p.desktop}, ${at})`,
      );
      await db.execute(sql`
        INSERT INTO staff_notification_preferences (member_id, kind, severity, inbox, desktop, updated_at)
        VALUES ${sql.join(rows, sql`, `)}
        ON CONFLICT ON CONSTRAINT staff_notification_preferences_key
        DO UPDATE SET inbox = excluded.inbox, desktop = excluded.desktop, updated_at = excluded.updated_at`);
    },

    /**
     * The active members whose inbox an event reaches (for the inbox to deliver to): a stored choice,
     * else the default the caller passes.
     */
    async inboxRecipients(
      db: DbOrTx,
      event: { kind: string; severity: string | null },
      byDefault: boolean,
    ): Promise<number[]> {
      const result = await db.execute<{ id: number }>(sql`
        SELECT m.id FROM staff_members m
        LEFT JOIN staff_notification_preferences p
          ON p.member_id = m.id AND p.kind = ${event.kind} AND p.severity IS NOT DISTINCT FROM ${event.severity}
        WHERE m.status = 'active' AND coalesce(p.inbox, ${byDefault})
        ORDER BY m.id`);
      return result.rows.map((r) => r.id);
    },
  };
}
export type NotificationPreferencesRepository = ReturnType<typeof createNotificationPreferencesRepository>;
