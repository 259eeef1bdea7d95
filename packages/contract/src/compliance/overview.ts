import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { StaffRefSchema } from './kyc.ts';

/** One queue's size, its oldest item's arrival and how many are past or near the SLA. */
export const QueueFigureSchema = z.object({
  open: z.number().int(),
  unassigned: z.number().int(),
  /** When the oldest waiting item arrived (null: the queue is empty). */
  oldest_since: z.string().nullable(),
  due_soon: z.number().int(),
  breached: z.number().int(),
});
export type QueueFigure = z.infer<typeof QueueFigureSchema>;

export const OfficerDecisionsSchema = z.object({
  member: StaffRefSchema,
  approved: z.number().int(),
  rejected: z.number().int(),
  resubmission_requested: z.number().int(),
  levels: z.number().int(),
  total: z.number().int(),
});
export type OfficerDecisions = z.infer<typeof OfficerDecisionsSchema>;

/** Fraud alerts not yet closed (fraud check, R64): no SLA, so severity stands in for urgency. */
export const FraudQueueFigureSchema = z.object({
  open: z.number().int(),
  unassigned: z.number().int(),
  /** High or critical. */
  high: z.number().int(),
  /** When the oldest alert still open was raised (null: none open). */
  oldest_since: z.string().nullable(),
});
export type FraudQueueFigure = z.infer<typeof FraudQueueFigureSchema>;

export const ComplianceOverviewSchema = z.object({
  sla_hours: z.number().int(),
  /** Customers waiting (`unassigned`: nobody holds the case). */
  kyc_cases: QueueFigureSchema,
  /** Pending documents (`unassigned`: their customer's case is not held). */
  kyc_documents: QueueFigureSchema,
  /** Fraud alerts open, investigating or escalated. */
  fraud_alerts: FraudQueueFigureSchema,
  /** Monday 00:00 UTC of the current week. */
  week_starts_at: z.string(),
  /** Document and level decisions since week_starts_at, most first. */
  decisions_this_week: z.array(OfficerDecisionsSchema),
});
export type ComplianceOverview = z.infer<typeof ComplianceOverviewSchema>;

export const getComplianceOverview = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/overview',
  summary: 'Queue sizes, oldest ages and SLA breaches; decisions per officer this week',
  tags: ['compliance'],
  access: 'read',
  response: ComplianceOverviewSchema,
});
