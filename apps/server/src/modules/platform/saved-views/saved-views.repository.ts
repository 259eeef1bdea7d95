import type { SavedView } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { isoUtc } from '../../../db/sql/index.ts';

const COLUMNS = sql`id::int AS id, list, name, search, ${isoUtc(sql`created_at`)} AS created_at`;

export function createSavedViewsRepository() {
  return {
    async list(db: DbOrTx, memberId: number, list: string): Promise<SavedView[]> {
      const result = await db.execute<SavedView>(sql`
        SELECT ${COLUMNS} FROM saved_views
        WHERE member_id = ${memberId} AND list = ${list}
        ORDER BY lower(name), id`);
      return result.rows;
    },

    /**
     * Inserts the view, or replaces the search of the member's view of that name. A new name is
     * refused (no row) once the member holds `max` views of the list; the count and the insert are one
     * statement, so only two saves racing at the cap could pass it by one — harmless for a preference.
     */
    async upsert(
      db: DbOrTx,
      view: { memberId: number; list: string; name: string; search: Record<string, string> },
      max: number,
    ): Promise<SavedView | undefined> {
      const result = await db.execute<SavedView>(sql`
        INSERT INTO saved_views (member_id, list, name, search)
        SELECT ${view.memberId}, ${view.list}, ${view.name}, ${JSON.stringify(view.search)}::jsonb
        WHERE (SELECT count(*) FROM saved_views
               WHERE member_id = ${view.memberId} AND list = ${view.list} AND name <> ${view.name}) < ${max}
        ON CONFLICT (member_id, list, name) DO UPDATE SET search = excluded.search
        RETURNING ${COLUMNS}`);
      return result.rows[0];
    },

    /** Deletes only the member's own view; false when there was none. */
    async delete(db: DbOrTx, memberId: number, id: number): Promise<boolean> {
      const result = await db.execute(
        sql`DELETE FROM saved_views WHERE id = ${id} AND member_id = ${memberId}`,
      );
      return (result.rowCount ?? 0) > 0;
    },
  };
}
export type SavedViewsRepository = ReturnType<typeof createSavedViewsRepository>;
