import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-server.ts';
import * as schema from './schema.ts';

/**
 * The SQL migrations are the schema's source of truth and db/schema*.ts mirrors them
 * (docs/decisions/0024-schema-source-of-truth.md): a migrated database and the Drizzle tables must
 * hold the same tables, with the same columns, types, nullability and whether each has a default.
 */

interface Column {
  type: string;
  notNull: boolean;
  hasDefault: boolean;
}
type Tables = Record<string, Record<string, Column>>;

/** The spellings of one type that differ between Drizzle and PostgreSQL's format_type. */
function normalType(type: string): string {
  return type
    .replace(/^serial$/, 'integer')
    .replace(/^bigserial$/, 'bigint')
    .replace(/^smallserial$/, 'smallint')
    .replace(/^varchar/, 'character varying')
    .replace(/^char\b/, 'character')
    .replace(/^timestamp(\s*\(\d+\))? with time zone$/, 'timestamp$1 with time zone')
    .replace(/^timestamp(\s*\(\d+\))?$/, 'timestamp$1 without time zone')
    .replace(/^time(\s*\(\d+\))?$/, 'time$1 without time zone')
    .replace(/^double precision$|^float8$/, 'double precision')
    .replace(/\(\s*(\d+)\s*,\s*(\d+)\s*\)/, '($1,$2)')
    .replace(/\s+\(/, '(');
}

function drizzleTables(): Tables {
  const tables: Tables = {};
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    const columns: Record<string, Column> = {};
    for (const column of config.columns) {
      const serial = /serial$/.test(column.getSQLType());
      columns[column.name] = {
        type: normalType(column.getSQLType()),
        // A primary key column is NOT NULL whether or not the table says so.
        notNull: column.notNull || column.primary || primaryKeyColumns(config).has(column.name),
        hasDefault: column.hasDefault || serial || column.generated !== undefined,
      };
    }
    tables[config.name] = columns;
  }
  return tables;
}

function primaryKeyColumns(config: ReturnType<typeof getTableConfig>): Set<string> {
  return new Set(config.primaryKeys.flatMap((key) => key.columns.map((c) => c.name)));
}

/** Tables of the public schema (partitions aside: they are their parent's), as migrated. */
async function migratedTables(url: string): Promise<Tables> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{
      table_name: string;
      column_name: string;
      type: string;
      not_null: boolean;
      has_default: boolean;
    }>(`
      SELECT c.relname AS table_name, a.attname AS column_name,
             format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null,
             (a.atthasdef OR a.attidentity <> '' OR a.attgenerated <> '') AS has_default
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      ORDER BY 1, a.attnum`);
    const tables: Tables = {};
    for (const row of rows) {
      tables[row.table_name] ??= {};
      tables[row.table_name]![row.column_name] = SET_BY_INSERT_TRIGGER[
        `${row.table_name}.${row.column_name}`
      ] ?? { type: normalType(row.type), notNull: row.not_null, hasDefault: row.has_default };
    }
    return tables;
  } finally {
    await client.end();
  }
}

/** Indexes by table name, those backing a primary key or unique constraint aside (the columns carry
 * those). */
async function migratedIndexes(url: string): Promise<Record<string, string[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ table_name: string; index_name: string }>(`
      SELECT t.relname AS table_name, i.relname AS index_name
      FROM pg_index x
      JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_class t ON t.oid = x.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = 'public' AND t.relkind IN ('r', 'p') AND NOT t.relispartition
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
      ORDER BY 1, 2`);
    const byTable: Record<string, string[]> = {};
    for (const row of rows) byTable[row.table_name] = [...(byTable[row.table_name] ?? []), row.index_name];
    return byTable;
  } finally {
    await client.end();
  }
}

function declaredIndexes(): Record<string, string[]> {
  const byTable: Record<string, string[]> = {};
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    const names = config.indexes.map((i) => i.config.name ?? '').sort();
    if (names.length) byTable[config.name] = names;
  }
  return byTable;
}

/**
 * Filled in by the table's insert trigger, which chains each row (migration 0013,
 * docs/decisions/0008-tamper-evident-logs.md): the schema leaves them optional on insert.
 */
const SET_BY_INSERT_TRIGGER: Record<string, Column> = {
  'access_log.id': { type: 'bigint', notNull: true, hasDefault: true },
  'access_log.hash': { type: 'bytea', notNull: false, hasDefault: false },
};

let database: TestDatabase;
let migrated: Tables;
const declared = drizzleTables();

beforeAll(async () => {
  database = await createTestDatabase();
  migrated = await migratedTables(database.url);
});
afterAll(() => database?.drop());

describe('the Drizzle schema mirrors the migrations', () => {
  it('declares every migrated table, and no other', () => {
    expect(Object.keys(declared).sort()).toEqual(Object.keys(migrated).sort());
  });

  it('declares every column of each table with its type, nullability and default', () => {
    const both = Object.keys(declared).filter((name) => migrated[name]);
    const pick = (tables: Tables) => Object.fromEntries(both.map((name) => [name, tables[name]]));
    expect(pick(declared)).toEqual(pick(migrated));
  });

  it('declares every index the constraints do not make', async () => {
    expect(declaredIndexes()).toEqual(await migratedIndexes(database.url));
  });
});
