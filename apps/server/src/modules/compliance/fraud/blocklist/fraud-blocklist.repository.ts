import type { BlocklistKind, fraudApi } from '@backdesk/contract';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client.ts';
import { escapeLike, isoUtc } from '../../../../db/sql/index.ts';
import { allOf, exportStatement, filteredPage } from '../../../../lib/list-query.ts';
import type { ImportedEntry } from './blocklist-csv.ts';

type BlocklistEntry = fraudApi.BlocklistEntry;
type SortKey = (typeof fraudApi.BLOCKLIST_SORT_KEYS)[number];

const COLUMNS = sql`b.id::int AS id, b.kind, b.value, b.network, b.reason, b.source,
  CASE WHEN b.removed_at IS NULL THEN 'active' ELSE 'removed' END AS state,
  cb.display_name AS created_by, ${isoUtc(sql`b.created_at`)} AS created_at,
  rb.display_name AS removed_by, ${isoUtc(sql`b.removed_at`)} AS removed_at, b.version`;
const FROM = sql`fraud_blocklist b
  LEFT JOIN staff_members cb ON cb.id = b.created_by
  LEFT JOIN staff_members rb ON rb.id = b.removed_by`;
const SORT: Record<SortKey, SQL> = { created_at: sql`b.created_at`, kind: sql`b.kind`, value: sql`b.value` };

export interface BlocklistFilters {
  kind?: BlocklistKind;
  state?: 'active' | 'removed';
  value?: string;
  network?: string;
}

/** The member's text anywhere in the value; its `%`, `_` and `\` match themselves. */
const likeText = (text: string) => `%${escapeLike(text)}%`;

function where(f: BlocklistFilters): SQL {
  const conditions: SQL[] = [];
  if (f.kind) conditions.push(sql`b.kind = ${f.kind}`);
  if (f.state === 'active') conditions.push(sql`b.removed_at IS NULL`);
  if (f.state === 'removed') conditions.push(sql`b.removed_at IS NOT NULL`);
  if (f.value) conditions.push(sql`b.value ILIKE ${likeText(f.value.trim())}`);
  if (f.network) conditions.push(sql`b.network = ${f.network.trim().toUpperCase()}`);
  return allOf(conditions);
}

/**
 * `activeMatches`' statement, also read inside the real-time check's one statement (decision 0025),
 * which is built once and binds the values as placeholders.
 */
export const activeMatchesSql = (what: {
  address?: string | null | Placeholder;
  network?: string | null | Placeholder;
  ip?: string | null | Placeholder;
  device?: string | null | Placeholder;
}): SQL => sql`
  SELECT b.id::int AS id, b.kind, b.value, b.network FROM fraud_blocklist b
   WHERE b.removed_at IS NULL AND (
     (b.kind = 'address' AND b.value = bd_fraud_address(${what.address ?? null}::text)
       AND (b.network IS NULL OR b.network = upper(${what.network ?? null}::text)))
     OR (b.kind = 'ip' AND b.value = host(${what.ip ?? null}::inet))
     OR (b.kind = 'device' AND b.value = ${what.device ?? null}::text))
   ORDER BY b.id`;

export function createFraudBlocklistRepository() {
  return {
    async page(
      db: DbOrTx,
      request: BlocklistFilters & { sort: SortKey; dir: 'asc' | 'desc'; cursor?: string; limit: number },
    ) {
      return filteredPage<BlocklistEntry>(
        db,
        { columns: COLUMNS, from: FROM, countFrom: sql`fraud_blocklist b`, where: where(request) },
        { sort: SORT[request.sort], id: sql`b.id`, dir: request.dir },
        request,
      );
    },

    exportQuery(filters: BlocklistFilters, order: { sort: SortKey; dir: 'asc' | 'desc' }) {
      const dir = sql.raw(order.dir);
      const query = sql`SELECT b.kind, b.value, b.network, b.reason, b.source FROM fraud_blocklist b
        WHERE ${where(filters)} ORDER BY ${SORT[order.sort]} ${dir}, b.id ${dir}`;
      return exportStatement(query);
    },

    async byId(db: DbOrTx, id: number, lock = false): Promise<BlocklistEntry | undefined> {
      const result = await db.execute<BlocklistEntry>(
        sql`SELECT ${COLUMNS} FROM ${FROM} WHERE b.id = ${id}${lock ? sql` FOR UPDATE OF b` : sql``}`,
      );
      return result.rows[0];
    },

    /** Adds the entries not listed already (the active-key index decides); returns the new ids. */
    async insert(tx: DbOrTx, entries: ImportedEntry[], createdBy: number, at: Date): Promise<number[]> {
      const column = <K extends keyof ImportedEntry>(k: K) => JSON.stringify(entries.map((e) => e[k]));
      const result = await tx.execute<{ id: number }>(sql`
        INSERT INTO fraud_blocklist (kind, value, network, reason, source, created_by, created_at)
        SELECT e.kind, e.value, e.network, e.reason, e.source, ${createdBy}, ${at.toISOString()}
          FROM ROWS FROM (
            jsonb_array_elements_text(${column('kind')}::jsonb),
            jsonb_array_elements_text(${column('value')}::jsonb),
            jsonb_array_elements_text(${column('network')}::jsonb),
            jsonb_array_elements_text(${column('reason')}::jsonb),
            jsonb_array_elements_text(${column('source')}::jsonb)
          ) WITH ORDINALITY AS e(kind, value, network, reason, source, n)
         ORDER BY e.n
        ON CONFLICT (kind, value, coalesce(network, '')) WHERE removed_at IS NULL DO NOTHING
        RETURNING id::int AS id`);
      return result.rows.map((r) => r.id);
    },

    /**
     * The active entries naming any of these: an address (normalised as the engine's blocklist rule
     * does, on the entry's network or on any when it names none), a sign-in address or a device.
     */
    async activeMatches(
      db: DbOrTx,
      what: { address?: string | null; network?: string | null; ip?: string | null; device?: string | null },
    ): Promise<{ id: number; kind: BlocklistKind; value: string; network: string | null }[]> {
      const { rows } = await db.execute<{
        id: number;
        kind: BlocklistKind;
        value: string;
        network: string | null;
      }>(activeMatchesSql(what));
      return rows;
    },

    async remove(tx: DbOrTx, id: number, removedBy: number, at: Date): Promise<void> {
      await tx.execute(sql`UPDATE fraud_blocklist SET removed_at = ${at.toISOString()}, removed_by = ${removedBy},
        version = version + 1 WHERE id = ${id}`);
    },
  };
}
export type FraudBlocklistRepository = ReturnType<typeof createFraudBlocklistRepository>;
