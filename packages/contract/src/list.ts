import { z } from 'zod';

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
    limit: z.coerce.number().int().min(1).max(200).default(50),
    sort: z.enum(sortKeys).default(defaultSort as never),
    dir: z.enum(['asc', 'desc']).default('asc'),
  });

/** A count that stops at a cap on large tables: `exact` is false when the real figure is higher. */
export const ListTotalSchema = z.object({ value: z.number().int(), exact: z.boolean() });
export type ListTotal = z.infer<typeof ListTotalSchema>;

export const pageFields = {
  nextCursor: z.string().nullable(),
  prevCursor: z.string().nullable(),
  total: ListTotalSchema,
};

export const pageSchema = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), ...pageFields });

/** `?format=csv|xlsx` on an export endpoint, next to the list's own filters. */
export const ExportFormatSchema = z.enum(['csv', 'xlsx']);
export type ExportFormat = z.infer<typeof ExportFormatSchema>;

/** Exact decimal on the wire: a string, never a JSON number. */
export const DecimalStringSchema = z
  .string()
  .trim()
  .regex(/^-?\d{1,18}(\.\d{1,18})?$/, 'Enter a number such as 1250.50');

/** The version a client loaded; an update with a stale one is refused (409 CONFLICT). */
export const VersionSchema = z.number().int().positive();
