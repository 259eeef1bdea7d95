import type { CustomerFilters, CustomerSortKey, ListTotal } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, limitOf, runStatement, statementByShape } from '../../../db/client.ts';
import { CUSTOMER_MAPPING, isoUtc, searchWords } from '../../../db/sql/index.ts';
import { boundedCount, estimatedCount } from '../../../lib/bounded-count.ts';
import { keysetPage, keysetSql } from '../../../lib/keyset.ts';
import { exportStatement } from '../../../lib/list-query.ts';
import { SORT_WINDOW, sparsePage } from '../../../lib/sparse-page.ts';
import type { CustomerRow } from './customer-mapping.ts';
import {
  CUSTOMER_COLUMNS,
  CUSTOMER_EXPORT_COLUMNS,
  CUSTOMER_SORT,
  customerWhere,
  facetWhere,
} from './customer-sql.ts';

/**
 * A search's total is counted within this many milliseconds, else estimated (decision 0004): each
 * match costs a trigram recheck and a heap visit, so a one-letter search over a million customers
 * would otherwise hold the count request for seconds. Plain filters count exactly to 100,000.
 */
const SEARCH_COUNT_BUDGET_MS = 250;

/**
 * A search term shorter than a trigram has no entry in the search index: its count reads every
 * customer the select filters leave, about 2,000 a millisecond on the two cores measured (a million
 * in ~490 ms). Past this many rows the budget runs out before the count ends, and the answer is the
 * estimate anyway: it is given at once rather than after a quarter of a second of a core.
 */
export const SHORT_SEARCH_EXACT_ROWS = 400_000;
const TRIGRAM_LETTERS = 3;

export interface CustomerListRequest {
  filters: CustomerFilters;
  sort: CustomerSortKey;
  dir: 'asc' | 'desc';
  cursor?: string;
  limit: number;
}

type PagedRow = CustomerRow & { sort_value: string };

export interface CustomerChanges {
  alias_name?: string;
  alias_surname?: string;
  alias_email?: string;
  /** null clears the phone. */
  mobile?: string | null;
}

export interface NewCustomer {
  user_name: string;
  alias_name: string;
  alias_surname: string;
  alias_email: string;
  mobile: string | null;
  kyc_type: string;
  customer_type: string;
}

export function createCustomersRepository({
  shortSearchExactRows = SHORT_SEARCH_EXACT_ROWS,
  rareCombinationRows = SORT_WINDOW,
} = {}) {
  /** Whether the select filters' combination, counted, is few enough to read before a search. */
  const rare = (selectMatches: number | undefined) =>
    selectMatches !== undefined && selectMatches < rareCombinationRows;

  return {
    async page(db: DbOrTx, request: CustomerListRequest) {
      const where = customerWhere(request.filters);
      // A search's share of matches is well estimated (search_text keeps 1,000 statistics samples,
      // migration 0007): the planner chooses. The select filters' combination is counted
      // (customer_facet_counts): none reads no row, and a rare one skips the walk in sort order, or
      // is read before the search (searchedCustomers). A phone number matches few rows, found
      // through its own trigram index.
      const { search, phone, ...selects } = request.filters;
      const selected = Object.values(selects).some(Boolean);
      const facets = selected ? await facetCounts(db, request.filters) : undefined;
      const guessed = !search && !phone && selected;
      const searched = searchedCustomers(request.filters, rare(facets?.matching));
      const sort = CUSTOMER_SORT[request.sort];
      return keysetPage<PagedRow>(
        { sort, id: sql`id`, dir: request.dir },
        request,
        // The sort value travels as text: a timestamp keeps its microseconds in the cursor.
        (row) => [row.sort_value, Number(row.id)],
        async (k) => {
          if (facets?.matching === 0) return [];
          // The list as it opens, unfiltered, walks its sort index whatever the cursor: prepared, its
          // text built once per sort, direction, cursor or none and page size.
          if (!selected && !search && !phone) {
            const shape = {
              sort: request.sort,
              ascending: k.ascending,
              cursor: k.after !== undefined,
              rows: k.limit,
            };
            const values = k.after ? { sort: k.after[0], id: k.after[1] } : {};
            return runStatement<PagedRow>(db, unfilteredPage(shape), values);
          }
          const keyset = k.where ? sql` AND ${k.where}` : sql``;
          const orderBy = sql.join(k.orderBy, sql`, `);
          const select = (fromWhere: SQL) => pageSelect(sort, fromWhere, k.where, k.orderBy, sql`${k.limit}`);
          if (!guessed) return (await db.execute<PagedRow>(select(searched))).rows;
          return sparsePage<PagedRow>(db, {
            page: (ids) => select(sql`customers WHERE ${ids}`),
            window: sql`SELECT id, ${where} AS hit FROM customers WHERE true${keyset} ORDER BY ${orderBy}`,
            matches: sql`SELECT id FROM customers WHERE ${where}${keyset} ORDER BY ${orderBy}`,
            id: sql`id`,
            limit: k.limit,
            // Fewer matches than the window has rows: reading them all costs less than the walk.
            rare: facets !== undefined && facets.matching < SORT_WINDOW,
          });
        },
      );
    },

    /**
     * Select filters alone (status, KYC status, role) are counted exactly from customer_facet_counts,
     * at any size; a combination nobody has is 0 with a search too. A search or phone counts rows,
     * but a term too short for the search index over many customers is estimated at once.
     */
    async count(db: DbOrTx, filters: CustomerFilters): Promise<ListTotal> {
      const { search, phone } = filters;
      // Without select filters, `matching` is every customer.
      const { matching } = await facetCounts(db, filters);
      if (matching === 0 || (!search && !phone)) return { value: matching, exact: true };
      const fromWhere = searchedCustomers(filters, rare(matching));
      // Only when no word of it has a trigram: one word that has one narrows through the index.
      const unindexed =
        search && !phone && searchWords(search).every((word) => [...word].length < TRIGRAM_LETTERS);
      if (unindexed && matching > shortSearchExactRows) return estimatedCount(db, fromWhere);
      return boundedCount(db, fromWhere, search ? { budgetMs: SEARCH_COUNT_BUDGET_MS } : {});
    },

    /**
     * The export: every matching row in list order. `from` follows the SELECT list (for
     * sendCsvCopy); `rows` is the whole query for streamRows (XLSX), cells named by their headers.
     */
    exportQuery(filters: CustomerFilters, sortKey: CustomerSortKey, dir: 'asc' | 'desc') {
      const direction = dir === 'asc' ? sql`asc` : sql`desc`;
      const from = sql`FROM customers WHERE ${customerWhere(filters)}
        ORDER BY ${CUSTOMER_SORT[sortKey]} ${direction}, id ${direction}`;
      const select = sql.join(
        CUSTOMER_EXPORT_COLUMNS.map((c) => sql`${c.value} AS ${sql.identifier(c.header)}`),
        sql`, `,
      );
      const rows = sql`SELECT ${select} ${from}`;
      return { columns: CUSTOMER_EXPORT_COLUMNS, from, rows: exportStatement(rows) };
    },

    async facets(db: DbOrTx) {
      const result = await db.execute<{ statuses: string[]; kyc: string[]; roles: string[] }>(sql`
        SELECT
          ARRAY(SELECT DISTINCT status FROM customers WHERE status IS NOT NULL ORDER BY 1) AS statuses,
          ARRAY(SELECT DISTINCT ${CUSTOMER_MAPPING.kyc_status} FROM customers ORDER BY 1) AS kyc,
          ARRAY(SELECT DISTINCT r FROM customers, unnest(role_list) AS r
                WHERE r <> '' ORDER BY 1) AS roles`);
      return result.rows[0]!;
    },

    async byId(db: DbOrTx, id: number): Promise<CustomerRow | undefined> {
      const result = await db.execute<CustomerRow>(
        sql`SELECT ${CUSTOMER_COLUMNS} FROM customers WHERE id = ${id}`,
      );
      return result.rows[0];
    },

    /** Locks the row for the rest of the transaction: the version check and the write see one state. */
    async lockByUserName(tx: DbOrTx, userName: string): Promise<CustomerRow | undefined> {
      const result = await tx.execute<CustomerRow>(
        sql`SELECT ${CUSTOMER_COLUMNS} FROM customers WHERE user_name = ${userName} FOR UPDATE`,
      );
      return result.rows[0];
    },

    /**
     * Writes the given fields and a new version; the caller passes at least one field. On a customer
     * the exchange feeds (an external id) the edited fields also await its echo (pending_echo,
     * decision 0025): until the exchange sends them back, an upsert that disagrees is refused.
     */
    async update(tx: DbOrTx, id: number, changes: CustomerChanges): Promise<CustomerRow> {
      const sets = Object.entries(changes).map(
        ([column, value]) => sql`${sql.identifier(column)} = ${value}`,
      );
      const echo = JSON.stringify(changes);
      const result = await tx.execute<CustomerRow>(sql`
        UPDATE customers SET ${sql.join(sets, sql`, `)}, version = version + 1, update_date = now(),
          pending_echo = CASE WHEN external_id IS NULL THEN NULL
                              ELSE coalesce(pending_echo, '{}'::jsonb) || ${echo}::jsonb END,
          pending_echo_at = CASE WHEN external_id IS NULL THEN NULL ELSE now() END
        WHERE id = ${id} RETURNING ${CUSTOMER_COLUMNS}`);
      return result.rows[0]!;
    },

    async insert(tx: DbOrTx, c: NewCustomer): Promise<CustomerRow> {
      const result = await tx.execute<CustomerRow>(sql`
        INSERT INTO customers (user_name, alias_name, alias_surname, alias_email, mobile, status, kyc_type, customer_type)
        VALUES (${c.user_name}, ${c.alias_name}, ${c.alias_surname}, ${c.alias_email}, ${c.mobile}, 'active',
                ${c.kyc_type}, ${c.customer_type})
        RETURNING ${CUSTOMER_COLUMNS}`);
      return result.rows[0]!;
    },

    async emailTaken(db: DbOrTx, email: string, exceptId?: number): Promise<boolean> {
      const result = await db.execute<{ taken: boolean }>(sql`
        SELECT EXISTS (SELECT 1 FROM customers WHERE lower(alias_email) = lower(${email})
                       ${exceptId ? sql`AND id <> ${exceptId}` : sql``}) AS taken`);
      return result.rows[0]!.taken;
    },

    async userNameTaken(db: DbOrTx, userName: string): Promise<boolean> {
      const result = await db.execute<{ taken: boolean }>(
        sql`SELECT EXISTS (SELECT 1 FROM customers WHERE user_name = ${userName}) AS taken`,
      );
      return result.rows[0]!.taken;
    },

    async tierExists(db: DbOrTx, code: string): Promise<boolean> {
      const result = await db.execute<{ found: boolean }>(
        sql`SELECT EXISTS (SELECT 1 FROM customer_types WHERE code = ${code}) AS found`,
      );
      return result.rows[0]!.found;
    },

    async insertNote(tx: DbOrTx, customerId: number, memberId: number, body: string) {
      const result = await tx.execute<{
        id: number;
        body: string;
        created_at: string;
        member: string | null;
      }>(sql`
        WITH note AS (
          INSERT INTO customer_notes (customer_id, member_id, body) VALUES (${customerId}, ${memberId}, ${body})
          RETURNING id, body, created_at, member_id)
        SELECT note.id, note.body, ${isoUtc(sql`note.created_at`)} AS created_at, m.display_name AS member
        FROM note LEFT JOIN staff_members m ON m.id = note.member_id`);
      return result.rows[0]!;
    },
  };
}
export type CustomersRepository = ReturnType<typeof createCustomersRepository>;

/** A page's SELECT: the list's columns and its sort value as text, in keyset order. */
const pageSelect = (
  sort: SQL,
  fromWhere: SQL,
  keysetWhere: SQL | undefined,
  orderBy: SQL[],
  limit: SQL,
) => sql`
            SELECT ${CUSTOMER_COLUMNS}, (${sort})::text AS sort_value
            FROM ${fromWhere}${keysetWhere ? sql` AND ${keysetWhere}` : sql``} ORDER BY ${sql.join(orderBy, sql`, `)} LIMIT ${limit}`;

interface UnfilteredShape {
  sort: CustomerSortKey;
  ascending: boolean;
  /** Whether a cursor's key (the placeholders `sort` and `id`) bounds the page. */
  cursor: boolean;
  /** Rows read: written into the text (limitOf). */
  rows: number;
}

/** The unfiltered page's statement, one per shape (db/client.ts statementByShape). */
const unfilteredPage = statementByShape<UnfilteredShape>(
  (s) => `${s.sort} ${s.ascending ? 'asc' : 'desc'} ${s.cursor ? 'after' : 'first'} ${s.rows}`,
  (s) => {
    const sort = CUSTOMER_SORT[s.sort];
    const after = s.cursor ? ([sql.placeholder('sort'), sql.placeholder('id')] as const) : undefined;
    const { where, orderBy } = keysetSql({ sort, id: sql`id` }, s.ascending, after);
    return pageSelect(sort, searchedCustomers({}, false), where, orderBy, limitOf(s.rows));
  },
);

/**
 * The list as it opens (newest first, no cursor) reading `rows` rows: the statement's name and text,
 * for bench:load's minimal handler, which prepares the very same under plain pg.
 */
export function defaultPageStatement(rows: number): { name: string; text: string } {
  const { name, query } = unfilteredPage({ sort: 'created_at', ascending: false, cursor: false, rows });
  return { name, text: query.sql };
}

/**
 * `FROM … WHERE` of the list's filters. A search or phone within a rare combination of the select
 * filters (fewer than SORT_WINDOW customers, counted beforehand in customer_facet_counts) reads that
 * combination first, behind an OFFSET 0 fence the planner does not look through, and checks the term
 * on its rows: 36 customers found and checked in 3 ms, where the filters' GIN index, intersecting a
 * term as common as "gmail" (a third of the million), took 8 ms. The inner plan relies on the pools'
 * price of a random read (createPool): at PostgreSQL's default it took 21 ms (decision 0004).
 */
function searchedCustomers(filters: CustomerFilters, rareCombination: boolean): SQL {
  const { search, phone, ...selects } = filters;
  const fenced = rareCombination && (search || phone) && Object.values(selects).some(Boolean);
  if (!fenced) return sql`customers WHERE ${customerWhere(filters)}`;
  return sql`(SELECT * FROM customers WHERE ${customerWhere(selects)} OFFSET 0) AS customers
    WHERE ${customerWhere({ search, phone })}`;
}

/**
 * How many customers the select filters' combination (status, KYC status, role) matches, and how many
 * there are: sums over customer_facet_counts (migration 0032), exact and a few rows read.
 */
async function facetCounts(db: DbOrTx, filters: CustomerFilters): Promise<{ matching: number; all: number }> {
  const result = await db.execute<{ matching: number; all: number }>(sql`
    SELECT coalesce(sum(n) FILTER (WHERE ${facetWhere(filters)}), 0)::int AS matching,
           coalesce(sum(n) FILTER (WHERE role IS NULL), 0)::int AS "all"
      FROM customer_facet_counts`);
  return result.rows[0]!;
}
