import type { RestrictionKind, RestrictionState } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { customerSearch, isoUtc } from '../../../db/sql/index.ts';
import { countedKeysetPage } from '../../../lib/counted-page.ts';
import { allOf } from '../../../lib/list-query.ts';

/** A restriction's state at this moment: lifted wins, then not yet started, then past its end. */
const STATE = sql`CASE WHEN r.lifted_at IS NOT NULL THEN 'lifted'
  WHEN r.starts_at > now() THEN 'scheduled'
  WHEN r.ends_at IS NOT NULL AND r.ends_at <= now() THEN 'expired'
  ELSE 'active' END`;

const STATE_WHERE: Record<RestrictionState, SQL> = {
  lifted: sql`r.lifted_at IS NOT NULL`,
  scheduled: sql`r.lifted_at IS NULL AND r.starts_at > now()`,
  expired: sql`r.lifted_at IS NULL AND r.starts_at <= now() AND r.ends_at IS NOT NULL AND r.ends_at <= now()`,
  active: sql`r.lifted_at IS NULL AND r.starts_at <= now() AND (r.ends_at IS NULL OR r.ends_at > now())`,
};

const SORT = { created_at: sql`r.created_at`, starts_at: sql`r.starts_at`, kind: sql`r.kind` } as const;

const COLUMNS = sql`
  r.id, r.customer_id, c.user_name, r.kind, r.reason, ${STATE} AS state, cb.display_name AS created_by,
  ${isoUtc(sql`r.starts_at`)} AS starts_at, ${isoUtc(sql`r.ends_at`)} AS ends_at,
  ${isoUtc(sql`r.lifted_at`)} AS lifted_at, lb.display_name AS lifted_by, r.lift_reason, r.version`;

const FROM = sql`customer_restrictions r
  JOIN customers c ON c.id = r.customer_id
  LEFT JOIN staff_members cb ON cb.id = r.created_by
  LEFT JOIN staff_members lb ON lb.id = r.lifted_by`;

export type RestrictionRow = {
  id: number;
  customer_id: number;
  user_name: string;
  kind: RestrictionKind;
  reason: string;
  state: RestrictionState;
  created_by: string | null;
  starts_at: string;
  ends_at: string | null;
  lifted_at: string | null;
  lifted_by: string | null;
  lift_reason: string | null;
  version: number;
};

export interface RestrictionFilters {
  kind?: RestrictionKind;
  state?: RestrictionState;
  customer?: string;
  customerId?: number;
}

function where(f: RestrictionFilters): SQL {
  const conditions: SQL[] = [];
  if (f.kind) conditions.push(sql`r.kind = ${f.kind}`);
  if (f.state) conditions.push(STATE_WHERE[f.state]);
  if (f.customerId) conditions.push(sql`r.customer_id = ${f.customerId}`);
  if (f.customer) conditions.push(customerSearch(sql`c.search_text`, f.customer));
  return allOf(conditions);
}

export function createRestrictionsRepository() {
  return {
    async page(
      db: DbOrTx,
      request: RestrictionFilters & {
        sort: keyof typeof SORT;
        dir: 'asc' | 'desc';
        cursor?: string;
        limit: number;
      },
    ) {
      return countedKeysetPage<RestrictionRow>(
        db,
        {
          columns: COLUMNS,
          from: FROM,
          filter: where(request),
          sort: SORT[request.sort],
          id: sql`r.id`,
          dir: request.dir,
        },
        request,
      );
    },

    async forCustomer(db: DbOrTx, customerId: number): Promise<RestrictionRow[]> {
      const result = await db.execute<RestrictionRow>(
        sql`SELECT ${COLUMNS} FROM ${FROM} WHERE r.customer_id = ${customerId} ORDER BY r.created_at DESC, r.id DESC`,
      );
      return result.rows;
    },

    async byId(db: DbOrTx, id: number, lock = false): Promise<RestrictionRow | undefined> {
      const result = await db.execute<RestrictionRow>(
        sql`SELECT ${COLUMNS} FROM ${FROM} WHERE r.id = ${id}${lock ? sql` FOR UPDATE OF r` : sql``}`,
      );
      return result.rows[0];
    },

    async insert(
      tx: DbOrTx,
      r: {
        customerId: number;
        kind: RestrictionKind;
        reason: string;
        createdBy: number;
        startsAt?: string;
        endsAt?: string;
      },
    ): Promise<number> {
      const result = await tx.execute<{ id: number }>(sql`
        INSERT INTO customer_restrictions (customer_id, kind, reason, created_by, starts_at, ends_at)
        VALUES (${r.customerId}, ${r.kind}, ${r.reason}, ${r.createdBy}, coalesce(${r.startsAt ?? null}::timestamptz, now()),
                ${r.endsAt ?? null}::timestamptz)
        RETURNING id`);
      return Number(result.rows[0]!.id);
    },

    /**
     * The first unlifted restriction of this kind on the customer whose period meets the new one
     * (docs/product-rules.md R13). Locks the customer and kind for the transaction first, so two
     * members adding at once cannot both find none.
     */
    async overlapping(
      tx: DbOrTx,
      r: { customerId: number; kind: RestrictionKind; startsAt?: string; endsAt?: string },
    ): Promise<number | undefined> {
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(hashtext(${`restriction:${r.customerId}:${r.kind}`}))`,
      );
      const starts = sql`coalesce(${r.startsAt ?? null}::timestamptz, now())`;
      const ends = sql`${r.endsAt ?? null}::timestamptz`;
      const result = await tx.execute<{ id: number }>(sql`
        SELECT id FROM customer_restrictions
        WHERE customer_id = ${r.customerId} AND kind = ${r.kind} AND lifted_at IS NULL
          AND (ends_at IS NULL OR ends_at > ${starts}) AND (${ends} IS NULL OR starts_at < ${ends})
        ORDER BY id LIMIT 1`);
      return result.rows[0] ? Number(result.rows[0].id) : undefined;
    },

    async lift(tx: DbOrTx, id: number, memberId: number, reason: string): Promise<void> {
      await tx.execute(sql`
        UPDATE customer_restrictions
        SET lifted_at = now(), lifted_by = ${memberId}, lift_reason = ${reason}, version = version + 1
        WHERE id = ${id}`);
    },
  };
}
export type RestrictionsRepository = ReturnType<typeof createRestrictionsRepository>;
