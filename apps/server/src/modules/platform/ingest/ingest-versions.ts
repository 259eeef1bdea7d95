import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { APPLIED, type ItemOutcome, STALE, UNCHANGED } from './ingest-core.ts';

/**
 * The outcome of each item after an upsert that writes a row only for a newer version: written →
 * applied; otherwise the stored version says unchanged (equal) or stale (newer stored). `otherwise`
 * answers an item that was neither written nor outdated (a row Backdesk holds, say).
 */
export async function versionOutcomes(
  tx: Tx,
  table: SQL,
  keys: Array<{ key: string; version: number }>,
  written: Set<string>,
  otherwise: ItemOutcome,
  columns: { key: SQL; version: SQL } = { key: sql`external_id`, version: sql`external_version` },
): Promise<ItemOutcome[]> {
  const unwritten = keys.filter((k) => !written.has(k.key)).map((k) => k.key);
  const held = new Map<string, number>();
  if (unwritten.length > 0) {
    const { rows } = await tx.execute<{ key: string; external_version: number | null }>(
      sql`SELECT ${columns.key} AS key, ${columns.version} AS external_version FROM ${table} WHERE ${columns.key} = ANY(${sql.param(unwritten)}::text[])`,
    );
    for (const r of rows) held.set(r.key, Number(r.external_version ?? 0));
  }
  return keys.map(({ key, version }) => {
    if (written.has(key)) return APPLIED;
    const stored = held.get(key);
    if (stored === undefined || stored < version) return otherwise;
    return stored === version ? UNCHANGED : STALE;
  });
}
