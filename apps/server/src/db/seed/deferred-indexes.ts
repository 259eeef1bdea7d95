import type pg from 'pg';

interface Rebuild {
  drop: string;
  create: string;
}

/**
 * Runs `load` with the table's secondary indexes and outgoing foreign keys removed, then puts them
 * back exactly as they were (definitions read from the catalogue, so schema changes need no edit
 * here). Building an index once over loaded rows and validating a foreign key in a single join is
 * several times quicker than maintaining them row by row — the bulk-load advice of the PostgreSQL
 * manual. The caller's transaction makes the swap invisible to everyone else.
 * Primary keys stay; so do indexes a constraint depends on.
 */
export async function withDeferredIndexes<T>(
  client: pg.PoolClient,
  table: string,
  load: () => Promise<T>,
): Promise<T> {
  const foreignKeys = await client.query<Rebuild>(
    `SELECT format('ALTER TABLE %s DROP CONSTRAINT %I', conrelid::regclass, conname) AS drop,
            format('ALTER TABLE %s ADD CONSTRAINT %I %s', conrelid::regclass, conname,
                   pg_get_constraintdef(oid)) AS create
       FROM pg_constraint
      WHERE contype = 'f' AND conrelid = $1::regclass`,
    [table],
  );
  const indexes = await client.query<Rebuild>(
    `SELECT format('DROP INDEX %s', i.indexrelid::regclass) AS drop, pg_get_indexdef(i.indexrelid) AS create
       FROM pg_index i
      WHERE i.indrelid = $1::regclass AND NOT i.indisprimary
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    [table],
  );
  for (const { drop } of [...foreignKeys.rows, ...indexes.rows]) await client.query(drop);
  const result = await load();
  await client.query("SET LOCAL maintenance_work_mem = '256MB'");
  for (const { create } of [...indexes.rows, ...foreignKeys.rows]) await client.query(create);
  return result;
}
