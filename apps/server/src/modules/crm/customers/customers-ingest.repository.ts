import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import type { IngestSource } from '../../platform/ingest/ingest-core.ts';

/** What the exchange's upsert reads of a stored customer. */
export type FedCustomerRow = {
  id: number;
  external_id: string;
  external_version: number | null;
  pending_echo: Record<string, string | null> | null;
  alias_name: string | null;
  alias_surname: string | null;
  alias_email: string | null;
  mobile: string | null;
  birth_date: string | null;
  nationality: string | null;
};

/** A customer row as the exchange's item writes it. */
export interface CustomerWrite {
  id: number;
  externalId: string;
  version: number;
  user_name: string;
  alias_name: string | null;
  alias_surname: string | null;
  alias_email: string | null;
  mobile: string | null;
  status: string;
  kyc_type: string;
  birth_date: string | null;
  nationality: string | null;
  create_date: string | null;
  /** What still awaits the exchange's echo after this write; null: nothing. */
  pendingEcho?: Record<string, string | null> | null;
}

/** The stored customers of a batch, locked until the batch commits (a concurrent batch waits). */
export async function lockFed(tx: Tx, externalIds: string[]): Promise<Map<string, FedCustomerRow>> {
  const { rows } = await tx.execute<FedCustomerRow>(sql`
    SELECT id, external_id, external_version, pending_echo, alias_name, alias_surname, alias_email, mobile,
           birth_date::text AS birth_date, nationality
      FROM customers WHERE external_id = ANY(${sql.param(externalIds)}::text[]) ORDER BY id FOR UPDATE`);
  return new Map(
    rows.map((r) => [
      r.external_id,
      {
        ...r,
        id: Number(r.id),
        external_version: r.external_version === null ? null : Number(r.external_version),
      },
    ]),
  );
}

const col = <T, K extends keyof T>(rows: T[], key: K) => rows.map((r) => r[key] ?? null);

export async function insertFed(tx: Tx, rows: Array<Omit<CustomerWrite, 'id'>>, source: IngestSource) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    INSERT INTO customers (external_id, external_version, source_integration_id, received_at, user_name,
      alias_name, alias_surname, alias_email, mobile, status, kyc_type, birth_date, nationality,
      create_date, update_date)
    SELECT i.external_id, i.external_version, ${source.integrationId}::integer, ${source.receivedAt}::timestamptz,
           i.user_name, i.alias_name, i.alias_surname, i.alias_email, i.mobile, i.status, i.kyc_type,
           i.birth_date, i.nationality, coalesce(i.create_date, ${source.receivedAt}::timestamptz),
           ${source.receivedAt}::timestamptz
      FROM unnest(${sql.param(col(rows, 'externalId'))}::text[], ${sql.param(col(rows, 'version'))}::bigint[],
                  ${sql.param(col(rows, 'user_name'))}::text[], ${sql.param(col(rows, 'alias_name'))}::text[],
                  ${sql.param(col(rows, 'alias_surname'))}::text[], ${sql.param(col(rows, 'alias_email'))}::text[],
                  ${sql.param(col(rows, 'mobile'))}::text[], ${sql.param(col(rows, 'status'))}::text[], ${sql.param(col(rows, 'kyc_type'))}::text[],
                  ${sql.param(col(rows, 'birth_date'))}::date[], ${sql.param(col(rows, 'nationality'))}::text[],
                  ${sql.param(col(rows, 'create_date'))}::timestamptz[])
        AS i(external_id, external_version, user_name, alias_name, alias_surname, alias_email, mobile, status,
             kyc_type, birth_date, nationality, create_date)`);
}

/**
 * Writes newer versions of stored customers. A customer whose staff edits are all echoed now has
 * nothing pending, and its open conflicts are resolved.
 */
export async function updateFed(tx: Tx, rows: CustomerWrite[], source: IngestSource) {
  if (rows.length === 0) return;
  const echoes = rows.map((r) => (r.pendingEcho ? JSON.stringify(r.pendingEcho) : null));
  await tx.execute(sql`
    UPDATE customers c SET
      external_version = i.external_version, source_integration_id = ${source.integrationId}::integer,
      received_at = ${source.receivedAt}::timestamptz, user_name = i.user_name, alias_name = i.alias_name,
      alias_surname = i.alias_surname, alias_email = i.alias_email, mobile = i.mobile, status = i.status,
      kyc_type = i.kyc_type, birth_date = i.birth_date, nationality = i.nationality,
      pending_echo = i.pending_echo::jsonb,
      pending_echo_at = CASE WHEN i.pending_echo IS NULL THEN NULL ELSE c.pending_echo_at END,
      update_date = ${source.receivedAt}::timestamptz, version = c.version + 1
      FROM unnest(${sql.param(col(rows, 'id'))}::bigint[], ${sql.param(col(rows, 'version'))}::bigint[], ${sql.param(col(rows, 'user_name'))}::text[],
                  ${sql.param(col(rows, 'alias_name'))}::text[], ${sql.param(col(rows, 'alias_surname'))}::text[],
                  ${sql.param(col(rows, 'alias_email'))}::text[], ${sql.param(col(rows, 'mobile'))}::text[], ${sql.param(col(rows, 'status'))}::text[],
                  ${sql.param(col(rows, 'kyc_type'))}::text[], ${sql.param(col(rows, 'birth_date'))}::date[],
                  ${sql.param(col(rows, 'nationality'))}::text[], ${sql.param(echoes)}::text[])
        AS i(id, external_version, user_name, alias_name, alias_surname, alias_email, mobile, status, kyc_type,
             birth_date, nationality, pending_echo)
     WHERE c.id = i.id`);
  const echoed = rows.filter((r) => !r.pendingEcho).map((r) => r.id);
  if (echoed.length > 0) {
    await tx.execute(sql`
      UPDATE customer_ingest_conflicts SET resolved_at = ${source.receivedAt}::timestamptz
       WHERE customer_id = ANY(${sql.param(echoed)}::bigint[]) AND resolved_at IS NULL`);
  }
}

export async function recordConflicts(
  tx: Tx,
  conflicts: Array<{ customerId: number; version: number; staff: object; incoming: object }>,
  source: IngestSource,
) {
  if (conflicts.length === 0) return;
  await tx.execute(sql`
    INSERT INTO customer_ingest_conflicts (customer_id, source_integration_id, external_version, staff_values,
      incoming_values, received_at)
    SELECT i.customer_id, ${source.integrationId}::integer, i.version, i.staff::jsonb, i.incoming::jsonb,
           ${source.receivedAt}::timestamptz
      FROM unnest(${sql.param(conflicts.map((c) => c.customerId))}::bigint[], ${sql.param(conflicts.map((c) => c.version))}::bigint[],
                  ${sql.param(conflicts.map((c) => JSON.stringify(c.staff)))}::text[],
                  ${sql.param(conflicts.map((c) => JSON.stringify(c.incoming)))}::text[])
        AS i(customer_id, version, staff, incoming)`);
}
