import type { AuditAction, AuditEntity, AuditTrailRow, logsApi } from '@backdesk/contract';
import { and, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { isoUtc } from '../../../db/sql/index.ts';
import {
  dayRange,
  type LogPageQuery,
  type LogTable,
  logCount,
  logExportQuery,
  loggedMember,
  logPage,
} from '../../platform/access-log/log-listing.ts';
import { withMemberNames } from '../../platform/audit/member-names.ts';
import { fieldsOf } from './audit.routes.ts';

export type AuditTrailFilters = z.output<typeof logsApi.AuditTrailFiltersSchema>;
/** The customer a row concerns: the column, or the customer itself when it is the entity. */
const CUSTOMER = sql`coalesce(a.customer_id,
  CASE WHEN a.entity = 'customer' AND a.entity_id ~ '^[0-9]{1,15}$' THEN a.entity_id::bigint END)`;

function customerFilter(customer: string): SQL {
  const id = /^\d{1,15}$/.test(customer)
    ? sql`${Number(customer)}::bigint`
    : sql`(SELECT id FROM customers WHERE user_name = ${customer})`;
  return sql`(a.customer_id = ${id} OR (a.entity = 'customer' AND a.entity_id = (${id})::text))`;
}

function where(f: AuditTrailFilters): SQL {
  return (
    and(
      f.member ? sql`a.member_id = (SELECT id FROM staff_members WHERE user_name = ${f.member})` : undefined,
      f.entity ? sql`a.entity = ${f.entity}` : undefined,
      f.customer ? customerFilter(f.customer) : undefined,
      ...dayRange(sql`a.at`, f),
    ) ?? sql`true`
  );
}

const LOG: LogTable = {
  table: sql`audit_log a`,
  from: sql`audit_log a LEFT JOIN staff_members m ON m.id = a.member_id`,
  columns: sql`a.id, ${isoUtc(sql`a.at`)} AS at, a.member_id, m.user_name AS member_user_name,
  m.display_name AS member_display_name, a.entity, a.entity_id, a.action, ${CUSTOMER} AS customer_id,
  a.request_id, a.before, a.after`,
  at: sql`a.at`,
  id: sql`a.id`,
};

type StoredRow = {
  id: string | number;
  at: string;
  member_id: number | null;
  member_user_name: string | null;
  member_display_name: string | null;
  entity: string;
  entity_id: string;
  action: string;
  customer_id: string | number | null;
  request_id: string | null;
  before: unknown;
  after: unknown;
};

const toRow = (r: StoredRow): AuditTrailRow => ({
  id: Number(r.id),
  at: r.at,
  member: loggedMember(r),
  // The columns hold only vocabulary names (changes.ts writes them).
  entity: r.entity as AuditEntity,
  entity_id: r.entity_id,
  action: r.action as AuditAction,
  customer_id: r.customer_id === null ? null : Number(r.customer_id),
  request_id: r.request_id,
  before: fieldsOf(r.before),
  after: fieldsOf(r.after),
});

export function createAuditTrailRepository() {
  return {
    async page(db: DbOrTx, query: AuditTrailFilters & LogPageQuery) {
      const page = await logPage<StoredRow>(db, LOG, where(query), query);
      return { ...page, items: await withMemberNames(db, page.items.map(toRow)) };
    },

    count: (db: DbOrTx, filters: AuditTrailFilters) => logCount(db, LOG, where(filters)),

    exportQuery(query: AuditTrailFilters & { dir: 'asc' | 'desc' }) {
      return logExportQuery(LOG, where(query), query.dir);
    },
  };
}
export type AuditTrailRepository = ReturnType<typeof createAuditTrailRepository>;
export type { StoredRow as AuditTrailStoredRow };
