import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { type QueueFilters, queueWhere } from './travel-rule-records.repository.ts';

// Which index serves the queue at scale (decision 0031, migration 0059): at 50,000 open records a
// count or a page that visits the table's rows costs tenths of a second.
const t = useTestApp();

/** The plan of `statement`, with the scans named in `off` set aside (a handful of test rows would be read whole). */
async function planOf(statement: ReturnType<typeof sql>, off: string[]): Promise<string> {
  return t.db.transaction(async (tx) => {
    for (const scan of off) await tx.execute(sql.raw(`SET LOCAL enable_${scan} = off`));
    const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(sql`EXPLAIN ${statement}`);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe('the travel-rule queue plans', () => {
  // Each filter an officer picks leads one of the indexes. No filter, or a direction alone, is left
  // out: on a few test rows PostgreSQL plans no index-only scan of a partial index without a
  // condition on its leading column, where the embedded PostgreSQL 17 at 1,000,000 records did
  // (decision 0031).
  const filters: [string, QueueFilters][] = [
    ['a state', { state: 'information_missing' }],
    ['a jurisdiction', { jurisdiction: 'EU' }],
    ['a counterparty VASP', { vaspId: 1 }],
    ['all of them', { state: 'information_missing', jurisdiction: 'TR', direction: 'withdrawal', vaspId: 1 }],
  ];

  it.each(filters)('can count the open records for %s from an index alone', async (_, f) => {
    // Only an index-only scan left: the question is whether one can answer (at scale it is chosen;
    // on a few test rows a scan of the queue index with a filter looks as cheap).
    const plan = await planOf(sql`SELECT count(*) FROM travel_rule_records r WHERE ${queueWhere(f)}`, [
      'seqscan',
      'bitmapscan',
      'indexscan',
    ]);
    expect(plan).toMatch(/Index Only Scan using travel_rule_records_queue_(\w+_)?idx/);
  });

  it('pages one VASP and one jurisdiction by age through their own indexes', async () => {
    const page = (f: QueueFilters) =>
      planOf(
        sql`SELECT r.id FROM travel_rule_records r WHERE ${queueWhere(f)} ORDER BY r.created_at, r.id LIMIT 51`,
        ['seqscan', 'bitmapscan'],
      );
    expect(await page({ vaspId: 1 })).toMatch(/Index (Only )?Scan using travel_rule_records_queue_vasp_idx/);
    expect(await page({ jurisdiction: 'EU' })).toMatch(
      /Index (Only )?Scan using travel_rule_records_queue_jurisdiction_idx/,
    );
  });
});
