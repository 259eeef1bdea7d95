import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from './app-error.ts';

export interface KeysetOrder {
  /** A non-null sort expression (coalesce nullable columns). */
  sort: SQL;
  /** A unique tie-breaker, usually the primary key. */
  id: SQL;
  dir: 'asc' | 'desc';
}

export interface KeysetRequest {
  cursor?: string;
  limit: number;
}

export interface KeysetPage<Row> {
  items: Row[];
  nextCursor: string | null;
  prevCursor: string | null;
}

type Key = readonly [unknown, number | string];

/**
 * What `encode` writes: sort keys are never null (KeysetOrder.sort is coalesced) and ids are safe
 * integers or text, so anything else was not made here (docs/product-rules.md R24).
 */
const CursorSchema = z
  .object({
    k: z.tuple([
      z.union([z.string(), z.number(), z.boolean()]),
      z.union([z.number().refine(Number.isSafeInteger), z.string()]),
    ]),
    d: z.enum(['next', 'prev']),
    // Nothing else: a cursor with a field `encode` never writes was not made here.
  })
  .strict();

const encode = (key: Key, d: 'next' | 'prev') =>
  Buffer.from(
    JSON.stringify({ k: [key[0] instanceof Date ? key[0].toISOString() : key[0], key[1]], d }),
  ).toString('base64url');

function decode(cursor: string) {
  try {
    return CursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw new AppError('INVALID_CURSOR');
  }
}

/** PostgreSQL's class 22 "data exception" (invalid text representation, out of range…), also when wrapped. */
function isDataException(error: unknown): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('22')) return true;
  }
  return false;
}

/** What a page's read is given: the keyset's condition and order with the cursor's key in them. */
export interface KeysetFetch {
  where: SQL | undefined;
  orderBy: SQL[];
  /** The rows to read: one more than the page, to know whether another follows. */
  limit: number;
  /** The order read in (a `prev` cursor reads against the list's direction). */
  ascending: boolean;
  /** The cursor's key, for a statement built once per shape that binds it (keysetSql). */
  after: Key | undefined;
}

/**
 * The keyset's condition (rows after `after`, when there is a cursor) and order for one direction.
 * `after` may be values or placeholders: a statement built once per shape binds the key per request.
 */
export function keysetSql(
  order: Pick<KeysetOrder, 'sort' | 'id'>,
  ascending: boolean,
  after: readonly [unknown, unknown] | undefined,
): { where: SQL | undefined; orderBy: SQL[] } {
  const where = after
    ? ascending
      ? sql`(${order.sort}, ${order.id}) > (${after[0]}, ${after[1]})`
      : sql`(${order.sort}, ${order.id}) < (${after[0]}, ${after[1]})`
    : undefined;
  const orderBy = ascending
    ? [sql`${order.sort} asc`, sql`${order.id} asc`]
    : [sql`${order.sort} desc`, sql`${order.id} desc`];
  return { where, orderBy };
}

/**
 * Keyset ("seek") pagination: a page is found by the last row's sort key, not by an offset, so the
 * thousandth page costs what the first does. Cursors go both ways: `prev` reads backwards from the
 * first row of the current page and turns the rows round again.
 */
export async function keysetPage<Row>(
  order: KeysetOrder,
  request: KeysetRequest,
  keyOf: (row: Row) => Key,
  fetch: (k: KeysetFetch) => Promise<Row[]>,
): Promise<KeysetPage<Row>> {
  // An empty cursor is a broken one, not the first page.
  const cursor = request.cursor === undefined ? undefined : decode(request.cursor);
  const backwards = cursor?.d === 'prev';
  // Reading backwards flips the direction of both the comparison and the order.
  const ascending = (order.dir === 'asc') !== backwards;
  const { where, orderBy } = keysetSql(order, ascending, cursor?.k);

  const rows = await fetch({ where, orderBy, limit: request.limit + 1, ascending, after: cursor?.k }).catch(
    (error: unknown) => {
      // Cursors are not signed: one whose key PostgreSQL cannot read as the sort column's type (a
      // date that is text, an id out of range) was forged or tampered with, and is the client's error.
      if (cursor && isDataException(error)) throw new AppError('INVALID_CURSOR');
      throw error;
    },
  );
  const more = rows.length > request.limit;
  const items = rows.slice(0, request.limit);
  if (backwards) items.reverse();

  const first = items[0];
  const last = items.at(-1);
  const hasNext = backwards ? cursor !== undefined : more;
  const hasPrev = backwards ? more : cursor !== undefined;
  return {
    items,
    nextCursor: hasNext && last ? encode(keyOf(last), 'next') : null,
    prevCursor: hasPrev && first ? encode(keyOf(first), 'prev') : null,
  };
}
