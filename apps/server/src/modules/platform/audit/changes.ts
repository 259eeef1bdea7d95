import type { AuditAction, AuditEntity } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, executeNamed, type Tx } from '../../../db/client.ts';
import type { Actor } from '../../../lib/request-identity.ts';
import { requestTransaction } from '../../../lib/request-transaction.ts';
import { recordDecisionEvent } from '../outbox/decision-events.ts';
import { recordAudit } from './audit.repository.ts';

export type { Actor };

/** A change no member made (a request expiring with time): its audit row names no member. */
export interface SystemActor {
  memberId: null;
  requestId: string;
}

/**
 * A change an integration of the exchange made through the public API: its audit row names the
 * integration as the actor, and no member (docs/decisions/0025-exchange-integration.md).
 */
export interface IntegrationActor {
  memberId: null;
  integrationId: number;
  requestId: string;
}

/** A change an identity provider made through SCIM: its audit row names the token (docs/sso.md). */
export interface ScimActor {
  memberId: null;
  scimTokenId: number;
  requestId: string;
}

/**
 * A change a counterparty VASP made through the Travel Rule Protocol: its audit row and event name
 * the VASP of the directory (docs/decisions/0030-travel-rule-protocol.md).
 */
export interface VaspActor {
  memberId: null;
  vaspId: number;
  requestId: string;
}

type Fields = Record<string, unknown>;

/** What one member action changed: one audit row. */
export interface Change {
  entity: AuditEntity;
  action: AuditAction;
  entityId: string | number;
  /** The customer it concerns, when the entity is not the customer itself (a restriction, a note). */
  customerId?: number | null;
  /** null on a create; compared with `after` field by field, and only differing fields are kept. */
  before: Fields | null;
  /** null on a delete. */
  after: Fields | null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields that differ between two versions of a record, as a before/after pair; null when nothing
 * differs. A create or a delete keeps its whole side. `version` and timestamps are bookkeeping, not change.
 */
export function changedFields(
  before: Fields | null,
  after: Fields | null,
): { before: Fields | null; after: Fields | null } | null {
  if (!before || !after) return { before, after };
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const b: Fields = {};
  const a: Fields = {};
  for (const key of keys) {
    if (key === 'version' || key === 'updated_at' || key === 'updatedAt') continue;
    if (same(before[key], after[key])) continue;
    b[key] = before[key] ?? null;
    a[key] = after[key] ?? null;
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}

/** What `work` hands back: its result and what it changed, or `change: null` when it changed nothing. */
export interface ChangeOutcome<T> {
  result: T;
  change: Change | null;
}

export type AnyActor = Actor | SystemActor | IntegrationActor | ScimActor | VaspActor;

/** Who an audit row names, whichever kind of actor made the change. */
const actorColumns = (actor: AnyActor) => ({
  memberId: actor.memberId,
  integrationId: 'integrationId' in actor ? actor.integrationId : null,
  scimTokenId: 'scimTokenId' in actor ? actor.scimTokenId : null,
  vaspId: 'vaspId' in actor ? actor.vaspId : null,
  requestId: actor.requestId,
});

/**
 * One change's audit row and, when it is a decision, its outbox event, in `tx`: what `changes.run`
 * writes after its work. Exported for set-based writers that already hold a transaction of their own
 * (ingestion on its thread), so their changes are audited and announced the same way.
 */
export async function recordChange(tx: Tx, actor: AnyActor, change: Change): Promise<void> {
  const diff = changedFields(change.before, change.after);
  if (!diff) return;
  await recordAudit(tx, {
    ...actorColumns(actor),
    action: change.action,
    entity: change.entity,
    entityId: change.entityId,
    customerId: change.customerId ?? null,
    before: diff.before,
    after: diff.after,
  });
  // A decision the exchange enforces is also an event, committed (or rolled back) with it.
  await recordDecisionEvent(tx, actor, {
    entity: change.entity,
    action: change.action,
    entityId: change.entityId,
    customerId: change.customerId ?? null,
    before: diff.before,
    after: diff.after,
  });
}

/**
 * The one way to change data (docs/adding-an-area.md): `work` runs in a transaction and reports what
 * it changed; one audit row (before → after, member, request) is written in the same transaction,
 * and, when the change is a decision the exchange enforces, its outbox event (outbox/decision-events.ts).
 * A change that changes nothing writes no row; `work` must then also leave versions alone. Inside an
 * idempotent request the transaction joins the request's, so the stored answer commits with it.
 */
export function createChanges(db: Db) {
  return {
    run<T>(actor: AnyActor, work: (tx: Tx) => Promise<ChangeOutcome<T>>): Promise<T> {
      const outer = requestTransaction();
      const transaction = outer ? outer.transaction.bind(outer) : db.transaction.bind(db);
      return transaction(async (tx: Tx) => {
        const { result, change } = await work(tx);
        if (change) await recordChange(tx, actor, change);
        return result;
      });
    },

    /**
     * A change made by one statement that writes its own audit row in a CTE (`auditRowsFrom`), for a
     * hot path where a transaction's three extra round trips are most of the time: "next case",
     * pressed by many officers at once. Runs in the request's transaction when there is one, as the
     * prepared statement `name` (executeNamed): the statement's text must never change.
     */
    statement<R>(name: string, query: SQL): Promise<R[]> {
      return executeNamed<R>(requestTransaction() ?? db, name, query);
    },
  };
}
export type Changes = ReturnType<typeof createChanges>;

/**
 * An INSERT of one audit row per row of `from` (the rows a statement changed, as `changes.run` would
 * record each change), for `changes.statement`: the SQL expressions give each row's id, customer and
 * its before and after fields. Unlike `changes.run` nothing compares the two: name only fields the
 * statement always changes.
 */
export function auditRowsFrom(
  actor: AnyActor,
  change: {
    entity: AuditEntity;
    action: AuditAction;
    from: SQL;
    entityId: SQL;
    customerId: SQL;
    before: SQL;
    after: SQL;
  },
): SQL {
  const who = actorColumns(actor);
  return sql`INSERT INTO audit_log (member_id, integration_id, scim_token_id, vasp_id, request_id, action, entity,
                         entity_id, customer_id, before, after)
    SELECT ${who.memberId}, ${who.integrationId}::int, ${who.scimTokenId}::int, ${who.vaspId}::int, ${who.requestId},
           ${change.action}, ${change.entity}, (${change.entityId})::text, ${change.customerId}, ${change.before},
           ${change.after}
      FROM ${change.from}`;
}
