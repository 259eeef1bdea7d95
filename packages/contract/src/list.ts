import { z } from 'zod';

/**
 * A whole number in a query string, read strictly: "7" is 7, while " 7 ", "1e3", "1.0", "07" and
 * "0x7" are refused rather than coerced (docs/product-rules.md R31). A number is taken as it is, so a
 * typed client may pass one.
 */
export const queryInt = (min: number, max: number = Number.MAX_SAFE_INTEGER) =>
  z
    .union([
      z.number(),
      z
        .string()
        .regex(/^-?(0|[1-9]\d{0,15})$/, 'Enter a whole number')
        .transform(Number),
    ])
    .pipe(z.number().int().min(min).max(max));

/** A record id in a query string: a whole number from 1. */
export const QueryIdSchema = queryInt(1);

/**
 * The query every server-paginated list accepts; each endpoint adds its filters with `.extend()`.
 * Keyset pagination: `cursor` is opaque (from `nextCursor`/`prevCursor` of the previous page).
 */
export const listQuerySchema = <const K extends readonly [string, ...string[]]>(
  sortKeys: K,
  defaultSort: K[number],
) =>
  z.object({
    cursor: z.string().max(1024).optional(),
    limit: queryInt(1, 200).default(50),
    sort: z.enum(sortKeys).default(defaultSort as never),
    dir: z.enum(['asc', 'desc']).default('asc'),
  });

/**
 * How many rows a list matches: counted when `exact` (up to 100,000 rows at least); otherwise
 * `value` is PostgreSQL's estimate and the screen labels it as one ("≈ 1.2 million").
 */
export const ListTotalSchema = z.object({ value: z.number().int().nonnegative(), exact: z.boolean() });
export type ListTotal = z.infer<typeof ListTotalSchema>;

export const pageFields = {
  nextCursor: z.string().nullable(),
  prevCursor: z.string().nullable(),
  total: ListTotalSchema,
};

export const pageSchema = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), ...pageFields });

/**
 * A page whose total is asked apart (a count endpoint with the same filters): the rows never wait for
 * the count, and paging or sorting does not count again (docs/decisions/0004-lists-at-scale.md).
 */
export const uncountedPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: pageFields.nextCursor, prevCursor: pageFields.prevCursor });

/** The answer of a list's count endpoint. */
export const CountSchema = z.object({ total: ListTotalSchema });

/** `?format=csv|xlsx` on an export endpoint, next to the list's own filters. */
export const ExportFormatSchema = z.enum(['csv', 'xlsx']);
export type ExportFormat = z.infer<typeof ExportFormatSchema>;

/** Exact decimal on the wire: a string, never a JSON number. */
export const DecimalStringSchema = z
  .string()
  .trim()
  .regex(/^-?\d{1,18}(\.\d{1,18})?$/, 'Enter a number such as 1250.50');

/** The largest id of a table that counts with a 32-bit serial (limits, commission rules). */
export const MAX_SERIAL_ID = 2_147_483_647;
/** The id of a record in such a table: a larger one can name no record. */
export const SerialIdSchema = z.number().int().positive().max(MAX_SERIAL_ID);

/** The version a client loaded; an update with a stale one is refused (409 CONFLICT). */
export const VersionSchema = z.number().int().positive();
