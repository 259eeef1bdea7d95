// Fraud check, cases (migration 0026_fraud_cases): comments, the case's own events and its report
// drafts. The columns 0026 adds to fraud_cases are read and written in SQL by modules/compliance/fraud/cases.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { staffMembers } from './schema.ts';
import { fraudCases } from './schema-fraud.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const fraudCaseComments = pgTable(
  'fraud_case_comments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    caseId: bigint('case_id', { mode: 'number' })
      .notNull()
      .references(() => fraudCases.id),
    authorId: integer('author_id')
      .notNull()
      .references(() => staffMembers.id),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('fraud_case_comments_case_idx').on(t.caseId, t.createdAt)],
);

/** opened, alerts_attached, alerts_detached, owner, follow_up, follow_up_due, closed, report. */
export const fraudCaseEvents = pgTable(
  'fraud_case_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    caseId: bigint('case_id', { mode: 'number' })
      .notNull()
      .references(() => fraudCases.id),
    at: ts('at').notNull(),
    memberId: integer('member_id').references(() => staffMembers.id),
    kind: text('kind').notNull(),
    params: jsonb('params').notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [index('fraud_case_events_case_idx').on(t.caseId, t.at)],
);

/** A suspicious-activity report draft; the PDF is in the KYC file store under its SHA-256. */
export const fraudCaseReports = pgTable(
  'fraud_case_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    caseId: bigint('case_id', { mode: 'number' })
      .notNull()
      .references(() => fraudCases.id),
    sha256: text('sha256').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    fileName: text('file_name').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => staffMembers.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('fraud_case_reports_case_idx').on(t.caseId, t.createdAt)],
);
