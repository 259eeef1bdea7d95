import type { fraudApi } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client.ts';
import type { ListedPerson, ScreenedPerson } from './names.ts';
import type { ParsedEntry } from './parse.ts';

/** Arrays travel as one JSON parameter (drizzle would spread a JS array into a list of parameters). */
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const ids = (values: readonly number[]) => sql`(SELECT jsonb_array_elements_text(${json(values)})::bigint)`;
const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

/** Rows written per statement when an import stores its entries. */
const ENTRY_BATCH = 2000;

interface ListRow extends Record<string, unknown> {
  id: number;
  name: string;
  format: fraudApi.ScreeningListFormat;
  file_name: string | null;
  entry_count: number;
  imported_at: Date | string;
  imported_by: string | null;
  version: number;
}

const toList = (r: ListRow): fraudApi.ScreeningList => ({
  id: Number(r.id),
  name: r.name,
  format: r.format,
  file_name: r.file_name,
  entry_count: Number(r.entry_count),
  imported_at: iso(r.imported_at),
  imported_by: r.imported_by,
  version: Number(r.version),
});

export interface EntryRow extends ListedPerson {
  id: number;
  listId: number;
  listName: string;
  ref: string;
  kind: 'person' | 'entity';
  programme: string | null;
  removed: boolean;
}

interface RawEntry extends Record<string, unknown> {
  id: number;
  list_id: number;
  list_name: string;
  ref: string;
  kind: 'person' | 'entity';
  name: string;
  aliases: string[];
  birth_dates: string[];
  nationalities: string[];
  programme: string | null;
  removed: boolean;
}

const ENTRY_COLUMNS = sql`e.id, e.list_id, l.name AS list_name, e.ref, e.kind, e.name, e.aliases, e.birth_dates,
  e.nationalities, e.programme, e.removed_at IS NOT NULL AS removed`;

const toEntry = (r: RawEntry): EntryRow => ({
  id: Number(r.id),
  listId: Number(r.list_id),
  listName: r.list_name,
  ref: r.ref,
  kind: r.kind,
  name: r.name,
  aliases: r.aliases,
  birthDates: r.birth_dates,
  nationalities: r.nationalities,
  programme: r.programme,
  removed: r.removed,
});

export const toEntryDto = (e: EntryRow) => ({
  id: e.id,
  list: { id: e.listId, name: e.listName },
  ref: e.ref,
  kind: e.kind,
  name: e.name,
  aliases: e.aliases as string[],
  birth_dates: e.birthDates as string[],
  nationalities: e.nationalities as string[],
  programme: e.programme,
  removed: e.removed,
});

export interface CustomerRow extends ScreenedPerson {
  id: number;
}

export type ScreeningHitRow = { id: number; confirmed: boolean };

/**
 * A customer's screening alerts that still matter to a check (open, or closed as confirmed); also
 * read inside the real-time check's one statement (decision 0025), so `customerId` may be SQL.
 */
export const screeningHitsSql = (customerId: number | SQL): SQL => sql`
  SELECT id::int AS id, outcome = 'confirmed' AS confirmed FROM fraud_alerts
   WHERE customer_id = ${customerId} AND rule_code = 'screening_hit'
     AND (status <> 'closed' OR outcome = 'confirmed')
   ORDER BY id`;

/** Open hits hold for review, confirmed ones block. */
export const screeningHitsOf = (rows: ScreeningHitRow[]) => ({
  open: rows.filter((r) => !r.confirmed).map((r) => r.id),
  confirmed: rows.filter((r) => r.confirmed).map((r) => r.id),
});

export function createScreeningRepository() {
  return {
    async lists(db: DbOrTx): Promise<fraudApi.ScreeningList[]> {
      const { rows } = await db.execute<ListRow>(sql`
        SELECT l.id, l.name, l.format, l.file_name, l.entry_count, l.imported_at, m.display_name AS imported_by, l.version
          FROM screening_lists l LEFT JOIN staff_members m ON m.id = l.imported_by
         ORDER BY lower(l.name), l.id`);
      return rows.map(toList);
    },

    async listById(db: DbOrTx, id: number): Promise<fraudApi.ScreeningList | null> {
      const { rows } = await db.execute<ListRow>(sql`
        SELECT l.id, l.name, l.format, l.file_name, l.entry_count, l.imported_at, m.display_name AS imported_by, l.version
          FROM screening_lists l LEFT JOIN staff_members m ON m.id = l.imported_by WHERE l.id = ${id}`);
      return rows[0] ? toList(rows[0]) : null;
    },

    /** The list of that name (any case), locked for the import; null when new. */
    async listByNameForUpdate(tx: DbOrTx, name: string) {
      const { rows } = await tx.execute<{
        id: number;
        format: string;
        entry_count: number;
        file_name: string | null;
      }>(
        sql`SELECT id, format, entry_count, file_name FROM screening_lists WHERE lower(name) = lower(${name}) FOR UPDATE`,
      );
      return rows[0]
        ? { ...rows[0], id: Number(rows[0].id), entry_count: Number(rows[0].entry_count) }
        : null;
    },

    async insertList(
      tx: DbOrTx,
      v: { name: string; format: string; at: Date; memberId: number },
    ): Promise<number> {
      const { rows } = await tx.execute<{ id: number }>(sql`
        INSERT INTO screening_lists (name, format, imported_at, imported_by)
        VALUES (${v.name}, ${v.format}, ${v.at}, ${v.memberId}) RETURNING id`);
      return Number(rows[0]!.id);
    },

    async touchList(
      tx: DbOrTx,
      id: number,
      v: {
        format: string;
        fileName: string | null;
        sha256: string;
        count: number;
        at: Date;
        memberId: number;
      },
    ): Promise<void> {
      await tx.execute(sql`
        UPDATE screening_lists SET format = ${v.format}, file_name = ${v.fileName}, file_sha256 = ${v.sha256},
               entry_count = ${v.count}, imported_at = ${v.at}, imported_by = ${v.memberId}, version = version + 1
         WHERE id = ${id}`);
    },

    /**
     * Makes the list's active entries exactly `entries`: new references added, known ones rewritten,
     * the rest marked removed (their hits and dismissals keep pointing at them); keys rebuilt.
     */
    async replaceEntries(tx: DbOrTx, listId: number, entries: ParsedEntry[], at: Date) {
      let added = 0;
      let updated = 0;
      for (let i = 0; i < entries.length; i += ENTRY_BATCH) {
        const batch = entries.slice(i, i + ENTRY_BATCH).map((e) => ({
          ref: e.ref,
          kind: e.kind,
          name: e.name,
          aliases: e.aliases,
          birth_dates: e.birthDates,
          nationalities: e.nationalities,
          programme: e.programme,
        }));
        const { rows } = await tx.execute<{ inserted: boolean }>(sql`
          INSERT INTO screening_entries (list_id, ref, kind, name, aliases, birth_dates, nationalities, programme)
          SELECT ${listId}, x.ref, x.kind, x.name, x.aliases, x.birth_dates, x.nationalities, x.programme
            FROM jsonb_to_recordset(${json(batch)}) AS x(ref text, kind text, name text, aliases text[],
                 birth_dates text[], nationalities text[], programme text)
          ON CONFLICT (list_id, ref) DO UPDATE SET kind = EXCLUDED.kind, name = EXCLUDED.name,
             aliases = EXCLUDED.aliases, birth_dates = EXCLUDED.birth_dates,
             nationalities = EXCLUDED.nationalities, programme = EXCLUDED.programme, removed_at = NULL
          RETURNING (xmax = 0) AS inserted`);
        for (const r of rows) {
          if (r.inserted) added++;
          else updated++;
        }
      }
      const removed = await tx.execute(sql`
        UPDATE screening_entries SET removed_at = ${at}
         WHERE list_id = ${listId} AND removed_at IS NULL
           AND ref NOT IN (SELECT jsonb_array_elements_text(${json(entries.map((e) => e.ref))}))`);
      await tx.execute(sql`
        DELETE FROM screening_entry_keys WHERE entry_id IN (SELECT id FROM screening_entries WHERE list_id = ${listId})`);
      await tx.execute(sql`
        INSERT INTO screening_entry_keys (key, entry_id)
        SELECT DISTINCT k, e.id FROM screening_entries e, unnest(e.aliases || e.name) n, unnest(bd_screen_keys(n)) k
         WHERE e.list_id = ${listId} AND e.removed_at IS NULL`);
      return { added, updated, removed: removed.rowCount ?? 0 };
    },

    /** Active entries sharing a blocking key with a name (the "try a name" box). */
    async entriesByKeys(db: DbOrTx, keys: string[]): Promise<EntryRow[]> {
      if (!keys.length) return [];
      const { rows } = await db.execute<RawEntry>(sql`
        SELECT ${ENTRY_COLUMNS} FROM screening_entries e JOIN screening_lists l ON l.id = e.list_id
         WHERE e.removed_at IS NULL AND e.id IN (
           SELECT entry_id FROM screening_entry_keys WHERE key IN (SELECT jsonb_array_elements_text(${json(keys)})))`);
      return rows.map(toEntry);
    },

    async entriesByIds(db: DbOrTx, entryIds: number[]): Promise<Map<number, EntryRow>> {
      if (!entryIds.length) return new Map();
      const { rows } = await db.execute<RawEntry>(sql`
        SELECT ${ENTRY_COLUMNS} FROM screening_entries e JOIN screening_lists l ON l.id = e.list_id
         WHERE e.id IN ${ids(entryIds)}`);
      return new Map(rows.map((r) => [Number(r.id), toEntry(r)]));
    },

    async customers(db: DbOrTx, customerIds: number[]): Promise<Map<number, CustomerRow>> {
      if (!customerIds.length) return new Map();
      const { rows } = await db.execute<{
        id: number;
        name: string;
        birth_date: string | null;
        nationality: string | null;
      }>(sql`
        SELECT id, concat_ws(' ', alias_name, alias_surname) AS name, to_char(birth_date, 'YYYY-MM-DD') AS birth_date,
               nationality
          FROM customers WHERE id IN ${ids(customerIds)}`);
      return new Map(
        rows.map((r) => [
          Number(r.id),
          { id: Number(r.id), name: r.name, birthDate: r.birth_date, nationality: r.nationality },
        ]),
      );
    },

    /**
     * The blocking: (customer, entry) pairs sharing at least two name keys (or all of the customer's,
     * when their name has fewer), for customers in (after, upTo] or in `only`. Removed entries and
     * pairs a member dismissed are left out.
     */
    async candidatePairs(
      db: DbOrTx,
      scope: { after: number; upTo: number } | { only: number[] },
    ): Promise<{ customerId: number; entryId: number }[]> {
      const customerFilter =
        'only' in scope
          ? sql`customer_id IN ${ids(scope.only)}`
          : sql`customer_id > ${scope.after} AND customer_id <= ${scope.upTo}`;
      const { rows } = await db.execute<{ customer_id: number; entry_id: number }>(sql`
        WITH c AS MATERIALIZED (
          SELECT customer_id, key, count(*) OVER (PARTITION BY customer_id) AS keys
            FROM screening_customer_keys WHERE ${customerFilter}),
        pairs AS (
          SELECT c.customer_id, ek.entry_id FROM c JOIN screening_entry_keys ek ON ek.key = c.key
           GROUP BY c.customer_id, ek.entry_id HAVING count(*) >= least(2, min(c.keys)))
        SELECT p.customer_id, p.entry_id FROM pairs p
          JOIN screening_entries e ON e.id = p.entry_id AND e.removed_at IS NULL
         WHERE NOT EXISTS (SELECT 1 FROM screening_dismissals d
                            WHERE d.customer_id = p.customer_id AND d.entry_id = p.entry_id)`);
      return rows.map((r) => ({ customerId: Number(r.customer_id), entryId: Number(r.entry_id) }));
    },

    /** Stores hits (a known pair gets its new score and explanation); returns each pair's match id. */
    async upsertMatches(
      tx: DbOrTx,
      hits: { customerId: number; entryId: number; explanation: fraudApi.ScreeningExplanation }[],
      at: Date,
    ): Promise<Map<string, number>> {
      if (!hits.length) return new Map();
      const payload = hits.map((h) => ({
        customer_id: h.customerId,
        entry_id: h.entryId,
        score: h.explanation.score,
        explanation: h.explanation,
      }));
      const { rows } = await tx.execute<{ id: number; customer_id: number; entry_id: number }>(sql`
        INSERT INTO screening_matches (customer_id, entry_id, score, explanation, matched_at)
        SELECT x.customer_id, x.entry_id, x.score, x.explanation, ${at}
          FROM jsonb_to_recordset(${json(payload)}) AS x(customer_id bigint, entry_id bigint, score numeric, explanation jsonb)
        ON CONFLICT (customer_id, entry_id) DO UPDATE SET score = EXCLUDED.score, explanation = EXCLUDED.explanation
        RETURNING id, customer_id, entry_id`);
      return new Map(rows.map((r) => [`${r.customer_id}:${r.entry_id}`, Number(r.id)]));
    },

    /** The highest customer id, for a rescreen's progress. */
    async customerRange(db: DbOrTx): Promise<{ maxId: number; count: number }> {
      const { rows } = await db.execute<{ max_id: number | null; n: number }>(
        sql`SELECT max(id) AS max_id, count(*)::int AS n FROM customers`,
      );
      return { maxId: Number(rows[0]?.max_id ?? 0), count: Number(rows[0]?.n ?? 0) };
    },

    /** A screening alert's customer and its matches (evidence rows of kind screening_entry). */
    async alertEvidence(db: DbOrTx, alertId: number) {
      const { rows: alerts } = await db.execute<{ customer_id: number }>(
        sql`SELECT customer_id FROM fraud_alerts WHERE id = ${alertId} AND rule_code = 'screening_hit'`,
      );
      if (!alerts[0]) return null;
      const { rows } = await db.execute<{
        id: number;
        entry_id: number;
        explanation: fraudApi.ScreeningExplanation;
        matched_at: Date | string;
      }>(sql`
        SELECT m.id, m.entry_id, m.explanation, m.matched_at
          FROM fraud_alert_evidence ev JOIN screening_matches m ON m.id = ev.ref_id
         WHERE ev.alert_id = ${alertId} AND ev.kind = 'screening_entry'
         ORDER BY m.score DESC, m.id`);
      return {
        customerId: Number(alerts[0].customer_id),
        matches: rows.map((r) => ({
          id: Number(r.id),
          entryId: Number(r.entry_id),
          explanation: r.explanation,
          matchedAt: iso(r.matched_at),
        })),
      };
    },

    /** Members who manage fraud settings: they hear of a list change. */
    /**
     * A customer's screening hits as a decision needs them: the `screening_hit` alerts still open
     * (a possible match nobody has cleared) and those closed as confirmed; false positives drop out.
     */
    async hitsOf(db: DbOrTx, customerId: number): Promise<{ open: number[]; confirmed: number[] }> {
      const { rows } = await db.execute<ScreeningHitRow>(screeningHitsSql(customerId));
      return screeningHitsOf(rows);
    },

    async membersWithRoles(db: DbOrTx, roles: readonly string[]): Promise<number[]> {
      const { rows } = await db.execute<{ id: number }>(sql`
        SELECT id FROM staff_members WHERE status = 'active'
           AND roles && ARRAY(SELECT jsonb_array_elements_text(${json(roles)})) ORDER BY id`);
      return rows.map((r) => Number(r.id));
    },
  };
}
export type ScreeningRepository = ReturnType<typeof createScreeningRepository>;
