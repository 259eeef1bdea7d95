import type { complianceApi } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { isoUtc } from '../../../db/sql/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { ExportColumn } from '../../../lib/export/index.ts';
import { allOf, exportStatement } from '../../../lib/list-query.ts';
import type { Actor, Changes } from '../../platform/audit/changes.ts';
import { addDays, isKnownTimeZone, reportRange } from '../../reports/index.ts';
import { firstName } from './travel-rule-records.repository.ts';

type Query = z.output<typeof complianceApi.exportTravelRuleRecords.query>;
export type ExportFilters = Omit<Query, 'format'>;

/** A party's first person's national identification, or its first account number (the wallet address). */
const path = (party: SQL, persons: string, tail: string) =>
  sql`jsonb_path_query_first(${party}, ${`$.${persons}[0].*.${tail}`}::jsonpath) #>> '{}'`;
const account = (party: SQL) => sql`${party} -> 'accountNumber' ->> 0`;
const vaspName = (party: SQL, key: string) =>
  sql`jsonb_path_query_first(${party}, ${`$.${key}.*.name.nameIdentifier[0].legalPersonName`}::jsonpath) #>> '{}'`;

const O = sql`r.originator`;
const B = sql`r.beneficiary`;

export type ExportRow = Record<
  | 'id'
  | 'transaction_id'
  | 'created_at'
  | 'direction'
  | 'customer_id'
  | 'user_name'
  | 'asset'
  | 'amount'
  | 'jurisdiction'
  | 'currency'
  | 'amount_in_currency'
  | 'state'
  | 'wallet_kind'
  | 'counterparty_vasp'
  | 'originator_name'
  | 'originator_identifier_type'
  | 'originator_identifier'
  | 'originator_birth_date'
  | 'originator_account'
  | 'beneficiary_name'
  | 'beneficiary_identifier_type'
  | 'beneficiary_identifier'
  | 'beneficiary_account'
  | 'originating_vasp'
  | 'beneficiary_vasp'
  | 'missing_fields'
  | 'deadline'
  | 'state_changed_at',
  string | null
>;

const COLUMNS = sql`
  r.id::text, r.transaction_id::text, ${isoUtc(sql`r.created_at`)} AS created_at, r.direction,
  w.customer_id::text, c.user_name, w.asset, trim_scale(w.amount)::text AS amount, r.jurisdiction, r.currency,
  trim_scale(r.amount_in_currency)::text AS amount_in_currency, r.state, r.wallet_kind, v.name AS counterparty_vasp,
  ${firstName(O, 'originatorPersons')} AS originator_name,
  ${path(O, 'originatorPersons', 'nationalIdentification.nationalIdentifierType')} AS originator_identifier_type,
  ${path(O, 'originatorPersons', 'nationalIdentification.nationalIdentifier')} AS originator_identifier,
  ${path(O, 'originatorPersons', 'dateAndPlaceOfBirth.dateOfBirth')} AS originator_birth_date,
  ${account(O)} AS originator_account,
  ${firstName(B, 'beneficiaryPersons')} AS beneficiary_name,
  ${path(B, 'beneficiaryPersons', 'nationalIdentification.nationalIdentifierType')} AS beneficiary_identifier_type,
  ${path(B, 'beneficiaryPersons', 'nationalIdentification.nationalIdentifier')} AS beneficiary_identifier,
  ${account(B)} AS beneficiary_account,
  ${vaspName(sql`r.originating_vasp`, 'originatingVASP')} AS originating_vasp,
  ${vaspName(sql`r.beneficiary_vasp`, 'beneficiaryVASP')} AS beneficiary_vasp,
  array_to_string(r.missing_fields, ' ') AS missing_fields, ${isoUtc(sql`r.deadline`)} AS deadline,
  ${isoUtc(sql`r.state_changed_at`)} AS state_changed_at`;

/** The file's columns, in order: each key is its header (lib/export/headers.ts) in the member's language. */
export const EXPORT_COLUMNS: readonly ExportColumn<ExportRow>[] = (
  [
    'id',
    'transaction_id',
    'created_at',
    'direction',
    'customer_id',
    'user_name',
    'asset',
    'amount',
    'jurisdiction',
    'currency',
    'amount_in_currency',
    'state',
    'wallet_kind',
    'counterparty_vasp',
    'originator_name',
    'originator_identifier_type',
    'originator_identifier',
    'originator_birth_date',
    'originator_account',
    'beneficiary_name',
    'beneficiary_identifier_type',
    'beneficiary_identifier',
    'beneficiary_account',
    'originating_vasp',
    'beneficiary_vasp',
    'missing_fields',
    'deadline',
    'state_changed_at',
  ] as const
).map((key) => ({ header: key, value: (r: ExportRow) => r[key] }));

/**
 * The export of the records themselves (issue 38: personal data, `exportPersonal`): the records opened
 * in the range's days in its zone, oldest first, parties in clear. Asking for it is the audit row.
 */
export function createTravelRuleExport(deps: { db: Db; changes: Changes; clock: Clock }) {
  return {
    /** Checks the range as a report does (the same errors) and the zone with the database too. */
    async query(filters: ExportFilters) {
      const { tz } = filters;
      if (!isKnownTimeZone(tz)) throw new AppError('REPORT_UNKNOWN_TIME_ZONE', { tz });
      // By default the report's own: the last 30 days to today in the zone.
      const to = filters.to ?? new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(deps.clock.now());
      const from = filters.from ?? addDays(to, -29);
      const range = reportRange({ from, to, tz, groupBy: 'day' }, () => true);
      const known = await deps.db.execute(sql`SELECT 1 FROM pg_timezone_names WHERE name = ${range.tz}`);
      if (!known.rows.length) throw new AppError('REPORT_UNKNOWN_TIME_ZONE', { tz: range.tz });
      const conditions = allOf(
        [
          sql`r.created_at >= (${range.from}::timestamp AT TIME ZONE ${range.tz})`,
          sql`r.created_at < (${addDays(range.to, 1)}::timestamp AT TIME ZONE ${range.tz})`,
          filters.direction ? sql`r.direction = ${filters.direction}` : undefined,
          filters.state ? sql`r.state = ${filters.state}` : undefined,
        ].filter((c): c is SQL => c !== undefined),
      );
      const statement = exportStatement(sql`
        SELECT ${COLUMNS}
          FROM travel_rule_records r
          JOIN wallet_transactions w ON w.id = r.transaction_id
          JOIN customers c ON c.id = w.customer_id
          LEFT JOIN vasps v ON v.id = r.counterparty_vasp_id
         WHERE ${conditions}
         ORDER BY r.created_at, r.id`);
      // What the file holds, defaults resolved: what the audit row names.
      return { statement, asked: { ...filters, from: range.from, to: range.to } };
    },

    /** Who took the records of which range, in which format: one audit row per export asked for. */
    audit(asked: ExportFilters & { format: Query['format'] }, actor: Actor): Promise<void> {
      return deps.changes.run(actor, async () => ({
        result: undefined,
        change: {
          entity: 'travel_rule_export',
          action: 'export',
          entityId: actor.requestId,
          before: null,
          after: { ...asked },
        },
      }));
    },
  };
}
export type TravelRuleExport = ReturnType<typeof createTravelRuleExport>;
