import { randomBytes } from 'node:crypto';
import type { AuditEntity, publicApi } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import type { AnyActor, Change } from '../audit/changes.ts';

type Fields = Record<string, unknown>;
type EventType = publicApi.EventType;

/** What a change's audit row says, as `changes.run` records it (only the fields that differ). */
export interface RecordedChange {
  entity: AuditEntity;
  action: Change['action'];
  entityId: string | number;
  customerId: number | null;
  before: Fields | null;
  after: Fields | null;
}

/** How an event names what changed, and where the exchange's id of it is kept. */
interface Subject {
  kind: string;
  /** The table and key column holding `external_id`, when the exchange has its own id for it. */
  external?: { table: SQL; key: SQL; cast: SQL };
}

interface Mapping {
  subject: Subject;
  type(change: RecordedChange): EventType | null;
}

const changed = (c: RecordedChange, field: string) => c.after !== null && field in c.after;
const none = null;

const customerSubject: Subject = {
  kind: 'customer',
  external: { table: sql`customers`, key: sql`id`, cast: sql`bigint` },
};
const withdrawalSubject: Subject = {
  kind: 'withdrawal',
  external: { table: sql`wallet_transactions`, key: sql`id`, cast: sql`bigint` },
};

/**
 * Every audit entity, and whether a change of it is a decision the exchange must enforce (decision
 * 0025 outbox, "What is an event"). A `Record` over the whole vocabulary: a new audit entity fails
 * the typecheck here until someone decides whether it is an event. Most are Backdesk's own business
 * (staff, rules, notes, work items) and map to `none`.
 */
export const DECISION_EVENTS: Record<AuditEntity, Mapping | null> = {
  customer: {
    subject: customerSubject,
    type(c) {
      if (c.action === 'create') return 'customer.created';
      if (c.action === 'set_kyc_level') return 'customer.kyc_changed';
      if (c.action === 'move_tier') return 'customer.type_changed';
      if (c.action === 'update') {
        if (changed(c, 'kyc_level') || changed(c, 'user_ky')) return 'customer.kyc_changed';
        if (changed(c, 'customer_type')) return 'customer.type_changed';
        return 'customer.updated';
      }
      return null; // a note, a view, a download
    },
  },
  customer_restriction: {
    subject: { kind: 'restriction' },
    type(c) {
      if (c.action === 'add') return 'restriction.added';
      if (c.action === 'lift') return 'restriction.lifted';
      if (c.action === 'expire') return 'restriction.expired';
      return null;
    },
  },
  wallet_transaction: {
    subject: withdrawalSubject,
    type(c) {
      if (c.action === 'approve') return 'withdrawal.approved';
      if (c.action === 'reject') return 'withdrawal.rejected';
      return null; // a check holding it (create) is answered synchronously to the exchange
    },
  },
  // Four-eyes: the second member's approval applies the decision, and only this row records it.
  approval_request: {
    subject: { kind: 'approval_request' },
    type(c) {
      const after = c.after ?? {};
      if (after.status !== 'approved' && after.status !== 'rejected') return null;
      if (after.kind === 'withdrawal_release') {
        return after.status === 'approved' ? 'withdrawal.approved' : 'withdrawal.rejected';
      }
      if (after.kind === 'kyc_level_approval' && after.status === 'approved') return 'customer.kyc_changed';
      return null;
    },
  },
  p2p_offer: {
    subject: {
      kind: 'p2p_offer',
      external: { table: sql`p2p_offers`, key: sql`trade_market_guid`, cast: sql`uuid` },
    },
    type: (c) => (c.action === 'suspend' ? 'p2p_offer.suspended' : null),
  },
  p2p_trade: {
    subject: { kind: 'p2p_trade', external: { table: sql`p2p_trades`, key: sql`id`, cast: sql`bigint` } },
    type(c) {
      if (c.action === 'cancel') return 'p2p_trade.cancelled';
      if (c.action === 'settle') return 'p2p_dispute.settled';
      return null;
    },
  },
  transaction_limit: {
    subject: { kind: 'limit' },
    type: (c) => (['create', 'update', 'delete'].includes(c.action) ? 'limits.changed' : null),
  },
  // The level decided on the customer is the event (customer.kyc_changed); a document's review is not.
  kyc_document: none,
  kyc_case: none,
  customer_type: none,
  commission_rule: none,
  staff_member: none,
  app_setting: none,
  report_rate: none,
  work_item: none,
  fraud_rule: none,
  fraud_alert: none,
  fraud_case: none,
  fraud_blocklist_entry: none,
  screening_list: none,
  fraud_run: none,
  integration: none,
  integration_key: none,
  team_queue: none,
  // Backdesk's own delivery settings, not a decision the exchange enforces.
  webhook_endpoint: none,
  scim_token: none,
  // Travel rule (decision 0026): what the exchange must act on — hold a deposit, gather the data asked
  // for, return or refuse a transfer, release it once complete. The subject's externalId is the transfer's.
  travel_rule_record: {
    subject: {
      kind: 'travel_rule_record',
      external: {
        table: sql`travel_rule_records tr JOIN wallet_transactions wt ON wt.id = tr.transaction_id`,
        key: sql`tr.id`,
        cast: sql`bigint`,
      },
    },
    type(c) {
      if (c.action === 'request_information') return 'travel_rule.info_requested';
      if (c.action === 'return') return 'travel_rule.returned';
      if (c.action === 'reject') return 'travel_rule.rejected';
      if (c.action === 'verify') return 'travel_rule.completed';
      if (c.action === 'create' || c.action === 'update' || c.action === 'reevaluate') {
        // The rule's own moves on data the exchange sent (or an officer entered).
        if (changed(c, 'held') && c.after?.held === true) return 'travel_rule.held';
        // Released by the data's arrival where the rule asks for no verification.
        if (changed(c, 'held') && c.before?.held === true) return 'travel_rule.completed';
        if (changed(c, 'state') && c.after?.state === 'information_missing')
          return 'travel_rule.info_requested';
      }
      return null; // a reveal, an edit that leaves the state
    },
  },
  vasp: none,
  vasp_address: none,
  // A TRP exchange's own moves: its record's (travel_rule.*) are the events.
  trp_transfer: none,
  travel_rule_export: none,
};

/** The event type of a change, or null when it is no decision the exchange enforces. */
export function decisionEventType(change: RecordedChange): EventType | null {
  return DECISION_EVENTS[change.entity]?.type(change) ?? null;
}

/** A new event id: time-ordered prefix, random rest (EVENT_ID_PATTERN). */
export function newEventId(now = Date.now()): string {
  const random = randomBytes(16).toString('base64url').replace(/[-_]/g, '').slice(0, 16).padEnd(16, '0');
  return `evt_${now.toString(36).padStart(9, '0')}${random}`;
}

/** The customer an event concerns: the change names it, or the change is of the customer itself. */
function customerOf(change: RecordedChange): number | null {
  if (change.customerId !== null) return change.customerId;
  if (change.entity === 'customer' && /^\d+$/.test(String(change.entityId))) return Number(change.entityId);
  return null;
}

/** The subject id of an approval_request event is the withdrawal or customer it decided. */
function subjectOf(change: RecordedChange, mapping: Mapping): { subject: Subject; id: string } {
  if (change.entity === 'approval_request') {
    const after = change.after ?? {};
    const target = after.kind === 'withdrawal_release' ? withdrawalSubject : customerSubject;
    return { subject: target, id: String(after.entity_id ?? '') };
  }
  return { subject: mapping.subject, id: String(change.entityId) };
}

/**
 * Writes the event of a change into the outbox, in the change's transaction (so it commits or rolls
 * back with it). The customer's and the subject's exchange ids and the actor's name are read in the
 * same statement. Its feed position is taken at commit by the table's trigger (migration 0045).
 */
export async function recordDecisionEvent(
  tx: Tx,
  actor: AnyActor,
  change: RecordedChange,
): Promise<string | null> {
  return (await recordDecisionEvents(tx, actor, [change]))[0] ?? null;
}

/** Rows one INSERT takes: a bulk move's thousands of events go in a few statements, not one each. */
const EVENTS_PER_STATEMENT = 5000;

/**
 * The events of many changes (a tier move of thousands of customers), as `recordDecisionEvent` writes
 * one, in a statement per subject kind and chunk. Returns the ids of the events written, in order;
 * changes that are no decision write nothing.
 */
export async function recordDecisionEvents(
  tx: Tx,
  actor: AnyActor,
  changes: RecordedChange[],
): Promise<string[]> {
  const bySubject = new Map<Subject, EventRow[]>();
  for (const change of changes) {
    const type = decisionEventType(change);
    if (!type) continue;
    const { subject, id: subjectId } = subjectOf(change, DECISION_EVENTS[change.entity]!);
    const rows = bySubject.get(subject) ?? [];
    rows.push({
      id: newEventId(),
      type,
      customerId: customerOf(change),
      subjectId,
      changes: changesOf(change),
    });
    bySubject.set(subject, rows);
  }
  const integrationId = 'integrationId' in actor ? actor.integrationId : null;
  const vaspId = 'vaspId' in actor ? actor.vaspId : null;
  const actorKind =
    actor.memberId !== null
      ? 'member'
      : integrationId !== null
        ? 'integration'
        : vaspId !== null
          ? 'vasp'
          : 'system';
  const written: string[] = [];
  for (const [subject, rows] of bySubject) {
    // Only an id of the table's key shape is looked up (a cast of anything else would fail).
    const subjectExternal = subject.external
      ? sql`CASE WHEN r.subject_id ~ '^[0-9a-fA-F-]{1,64}$' THEN (SELECT external_id FROM ${subject.external.table}
              WHERE ${subject.external.key} = r.subject_id::${subject.external.cast}) END`
      : sql`NULL::text`;
    for (let i = 0; i < rows.length; i += EVENTS_PER_STATEMENT) {
      const chunk = rows.slice(i, i + EVENTS_PER_STATEMENT);
      await tx.execute(sql`
        INSERT INTO outbox_events (id, type, customer_id, payload)
        SELECT r.id, r.type, r.customer_id, jsonb_build_object(
          'customer', CASE WHEN r.customer_id IS NULL THEN NULL ELSE jsonb_build_object(
            'id', r.customer_id, 'externalId', c.external_id) END,
          'subject', jsonb_build_object('kind', ${subject.kind}::text, 'id', r.subject_id, 'externalId', ${subjectExternal}),
          'changes', r.changes,
          'actor', jsonb_build_object('kind', ${actorKind}::text,
            'id', COALESCE(${actor.memberId}::int, ${integrationId}::int, ${vaspId}::int),
            'name', COALESCE((SELECT display_name FROM staff_members WHERE id = ${actor.memberId}::int),
                             (SELECT name FROM integrations WHERE id = ${integrationId}::int),
                             (SELECT name FROM vasps WHERE id = ${vaspId}::int))))
        FROM unnest(${sql.param(chunk.map((r) => r.id))}::text[], ${sql.param(chunk.map((r) => r.type))}::text[],
                    ${sql.param(chunk.map((r) => r.customerId))}::int[], ${sql.param(chunk.map((r) => r.subjectId))}::text[],
                    ${sql.param(chunk.map((r) => JSON.stringify(r.changes)))}::jsonb[])
             WITH ORDINALITY AS r(id, type, customer_id, subject_id, changes, n)
        LEFT JOIN customers c ON c.id = r.customer_id
        ORDER BY r.n`);
      written.push(...chunk.map((r) => r.id));
    }
  }
  return written;
}

interface EventRow {
  id: string;
  type: EventType;
  customerId: number | null;
  subjectId: string;
  changes: Record<string, { before: unknown; after: unknown }>;
}

/** Each changed field, before and after (null where a side does not have it). */
function changesOf(change: RecordedChange): Record<string, { before: unknown; after: unknown }> {
  const keys = new Set([...Object.keys(change.before ?? {}), ...Object.keys(change.after ?? {})]);
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of keys) {
    changes[key] = { before: change.before?.[key] ?? null, after: change.after?.[key] ?? null };
  }
  return changes;
}
