import { createHash } from 'node:crypto';
import { fillPlaceholders, type Query, type SQL, sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

// numeric stays a string (exact decimals); int8 counts fit a JS number for our sizes.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A transaction handle: every data-access call takes one, so a change and its audit row commit together. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface PoolOptions {
  /**
   * Whether a commit waits for its WAL to reach the disk (the default). Off only for data worth
   * nothing after a crash, such as request counts: a crash loses the last fraction of a second of
   * them, never a change.
   */
  durableCommits?: boolean;
  /**
   * What PostgreSQL's `pg_stat_activity` calls the pool's connections: `backdesk` for the main pool,
   * `backdesk-<part>` for a part's own (checks, counter, jobs, ingest), so a bench or an operator sees which
   * part's statements run or wait.
   */
  applicationName?: string;
}

/** The application name of every pool of the app, the main one's alone. */
export const APPLICATION_NAME = 'backdesk';

/** The planner's price of a random page read on every connection of the app's pools. */
const RANDOM_PAGE_COST = '1.1';

export function createPool(
  connectionString: string,
  max = 10,
  { durableCommits = true, applicationName = APPLICATION_NAME }: PoolOptions = {},
): pg.Pool {
  // DateStyle ISO whatever the server's default: timestamps cast to text read the same everywhere.
  // A random page read priced as what it is for data served from memory or SSD (PostgreSQL's advice:
  // 1.1, against a default of 4 made for spinning disks): decision 0004, "priced as memory".
  const settings = [
    '-c DateStyle=ISO,YMD',
    `-c random_page_cost=${RANDOM_PAGE_COST}`,
    ...(durableCommits ? [] : ['-c synchronous_commit=off']),
  ];
  const pool = new pg.Pool({
    connectionString,
    max,
    application_name: applicationName,
    options: settings.join(' '),
  });
  // A client losing its connection must not crash the process: idle, the pool drops it; checked out,
  // its query fails (a shutdown under way, a restarted database).
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

export const createDb = (pool: pg.Pool): Db => drizzle(pool, { schema });

/**
 * A second, smaller pool to the same database as `pool`, with the same session settings and more
 * (`-c name=value`): work that must not wait behind the main pool's connections, such as the
 * real-time checks (decision 0025), gets its own. `connectionTimeoutMillis`: how long a query may wait
 * for one of its connections before it fails (pg's default: for ever).
 */
export function siblingPool(
  pool: pg.Pool,
  max: number,
  settings: readonly string[] = [],
  {
    connectionTimeoutMillis,
    applicationName,
  }: { connectionTimeoutMillis?: number; applicationName?: PoolOptions['applicationName'] } = {},
): pg.Pool {
  const options = [pool.options.options, ...settings].filter(Boolean).join(' ');
  const sibling = new pg.Pool({
    ...pool.options,
    max,
    options,
    ...(applicationName === undefined ? {} : { application_name: applicationName }),
    ...(connectionTimeoutMillis === undefined ? {} : { connectionTimeoutMillis }),
  });
  sibling.on('error', () => {});
  sibling.on('connect', (client) => client.on('error', () => {}));
  return sibling;
}

const dialect = new PgDialect();

/**
 * Runs `query` as the named prepared statement `name`: each connection parses it once and plans it
 * once it settles on a generic plan, where `db.execute` parses and plans it on every call (for the
 * "next case" claim, a third of a millisecond of planning a press). Only for a statement whose text
 * never changes: pg refuses a name used for another text, and keeps every name a connection prepared.
 */
export function executeNamed<R>(db: DbOrTx, name: string, query: SQL): Promise<R[]> {
  return runOnClient<R>(db, name, dialect.sqlToQuery(query), {});
}

/**
 * How Drizzle's own queries read dates, timestamps and intervals: as PostgreSQL's text, which its
 * columns map and our row mappers expect. Every other type takes pg's parser (int8: above).
 */
const AS_TEXT = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1115, // timestamp[]
  1182, // date[]
  1185, // timestamptz[]
  1187, // interval[]
  1231, // numeric[]
]);
const asText = (value: string) => value;
const DRIZZLE_TYPES = {
  getTypeParser: (oid: number, format?: string) =>
    AS_TEXT.has(oid) ? asText : pg.types.getTypeParser(oid, format as 'text'),
} as pg.CustomTypesConfig;

/**
 * A named statement sent on the handle's own pg client (the pool, or a transaction's connection),
 * its rows read as Drizzle reads them. Drizzle's prepared query wraps each run in tracing spans and
 * builds its configuration per statement; a list page and the session lookup run on every request,
 * where those wrappers were the larger part of what the real server did beyond a bare handler
 * (docs/decisions/0029-request-cost.md).
 */
async function runOnClient<R>(
  db: DbOrTx,
  name: string,
  query: Query,
  values: Record<string, unknown>,
  rowMode?: 'array',
): Promise<R[]> {
  const client = (db._.session as unknown as { client: pg.Pool | pg.PoolClient }).client;
  const config = {
    name,
    text: query.sql,
    values: fillPlaceholders(query.params, values),
    types: DRIZZLE_TYPES,
  };
  const result = rowMode
    ? await client.query({ ...config, rowMode } as pg.QueryArrayConfig)
    : await client.query(config);
  return result.rows as R[];
}

/** A statement's name derived from its text: the same text gets the same name on every node. */
const nameOfText = (text: string) => `p_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;

/**
 * Names already derived, by text: a statement built anew each time (from parts) finds its name here
 * rather than hashing ~1 KB of text again (~18 µs a request, docs/decisions/0029-request-cost.md).
 * Bounded: the texts are a list's shapes, a few hundred at most; past the bound it starts afresh.
 */
const namesByText = new Map<string, string>();
const MAX_NAMED_TEXTS = 2_000;

function nameFor(text: string): string {
  let name = namesByText.get(text);
  if (name === undefined) {
    if (namesByText.size >= MAX_NAMED_TEXTS) namesByText.clear();
    name = nameOfText(text);
    namesByText.set(text, name);
  }
  return name;
}

/**
 * Runs `query` as a prepared statement named after its text, so a query built from parts (a list's
 * sort, direction and cursor) is prepared once per text and connection. Only for a statement whose
 * best plan does not hang on its values (a list's default view walking its sort index): after five
 * runs PostgreSQL may keep one generic plan for every value. A list page so prepared skips ~0.2 ms of
 * planning (docs/decisions/0023-request-and-start-costs.md). Its LIMIT is written in (`limitOf`).
 * A statement asked on every request is better built once (`statementByShape`).
 */
export function executePrepared<R>(db: DbOrTx, query: SQL): Promise<R[]> {
  const compiled = dialect.sqlToQuery(query);
  return runOnClient<R>(db, nameFor(compiled.sql), compiled, {});
}

/** A statement compiled and named once; its values are placeholders (`sql.placeholder`), bound per run. */
export interface BuiltStatement {
  readonly name: string;
  readonly query: Query;
}

/** `query` compiled to its text and named after it, once; its placeholders are bound by runStatement. */
export function buildStatement(query: SQL): BuiltStatement {
  const compiled = dialect.sqlToQuery(query);
  return { name: nameOfText(compiled.sql), query: compiled };
}

/**
 * Statements built once per shape: `build` makes the SQL of one shape (a list's sort, direction,
 * cursor or none, page size), with `sql.placeholder(name)` where a request's values go. Compiling
 * Drizzle's fragments into text cost the customer page ~14 µs a request, and naming the text by its
 * hash ~2 µs more (measured alone, docs/decisions/0029-request-cost.md); a shape's text and name are
 * made on its first request. `keyOf` must tell every shape `build` makes apart. Bounded as `namesByText`.
 */
export function statementByShape<S>(
  keyOf: (shape: S) => string,
  build: (shape: S) => SQL,
): (shape: S) => BuiltStatement {
  const built = new Map<string, BuiltStatement>();
  return (shape) => {
    const key = keyOf(shape);
    let statement = built.get(key);
    if (!statement) {
      if (built.size >= MAX_NAMED_TEXTS) built.clear();
      statement = buildStatement(build(shape));
      built.set(key, statement);
    }
    return statement;
  };
}

/** Runs a built statement as the named prepared statement it is, with `values` for its placeholders. */
export function runStatement<R>(
  db: DbOrTx,
  statement: BuiltStatement,
  values: Record<string, unknown> = {},
): Promise<R[]> {
  return runOnClient<R>(db, statement.name, statement.query, values);
}

/** As runStatement, each row an array of the select's columns in order (a select naming a column twice). */
export function runStatementAsArrays(
  db: DbOrTx,
  statement: BuiltStatement,
  values: Record<string, unknown> = {},
): Promise<unknown[][]> {
  return runOnClient<unknown[]>(db, statement.name, statement.query, values, 'array');
}

/**
 * A page size written into a prepared statement's text: given as a parameter, the generic plan
 * expects a tenth of the table and looks dearer than each custom plan, so PostgreSQL plans every run.
 */
export function limitOf(rows: number): SQL {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new Error(`not a row count: ${rows}`);
  return sql.raw(String(rows));
}

/**
 * Independent reads: side by side on the pool (each on its own connection), one after another in a
 * transaction, whose one connection takes one query at a time (pg queues the rest with a warning,
 * and pg 9 refuses them).
 */
export async function readTogether<T extends readonly unknown[]>(
  source: DbOrTx,
  reads: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if ('$client' in source) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const out: unknown[] = [];
  for (const read of reads) out.push(await read());
  return out as unknown as T;
}
