import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { type ErrorCode, errorMessage, type IngestItemResult, type IngestResponse } from '@backdesk/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { unstorableTextPath } from '../../../lib/input-text.ts';
import { requestTransaction } from '../../../lib/request-transaction.ts';
import { isMalformed } from './ingest-parse.ts';

/**
 * The ingestion core (decision 0025, "Ingestion"): the transport hands it parsed items (an HTTP batch
 * today; a Kafka or NATS adapter tomorrow, committing its offset after this returns), it validates
 * each item on its own, applies the good ones in one transaction (each entirely or not at all) and
 * answers one result per item. Nothing here knows HTTP.
 */

/** Who sent the items and when they arrived: written on every row they create or change. */
export interface IngestSource {
  integrationId: number | null;
  receivedAt: Date;
}

/** What applying one item came to; `applied` and `stale` need no more words. */
export type ItemOutcome =
  | { status: 'applied' | 'unchanged' | 'stale' }
  | { status: 'refused'; code: ErrorCode; params?: Record<string, string | number> };

export const APPLIED: ItemOutcome = { status: 'applied' };
export const UNCHANGED: ItemOutcome = { status: 'unchanged' };
export const STALE: ItemOutcome = { status: 'stale' };
export const refused = (code: ErrorCode, params?: Record<string, string | number>): ItemOutcome => ({
  status: 'refused',
  code,
  ...(params ? { params } : {}),
});

/** One kind of object the exchange sends: its schema, its key, and how a set of valid items is written. */
export interface IngestKind<T> {
  name: string;
  schema: z.ZodType<T>;
  /** The object's key: its externalId, or what stands for it (a balance: customer/asset). */
  keyOf(item: T): string;
  /** The exchange's version of the item (the highest of one key in a batch is the one applied). */
  versionOf(item: T): number;
  /**
   * Writes `items` (valid, one per key) in `tx` and says what became of each, in order. Set-based: a
   * statement per step for the whole set. May throw on a database error; the core then applies
   * the items one at a time, each in its own savepoint, to refuse only the one at fault.
   */
  apply(tx: Tx, items: T[], source: IngestSource): Promise<ItemOutcome[]>;
}

/** Items checked between two yields to the event loop (zod costs some microseconds an item). */
const VALIDATE_SLICE = 500;

interface Slot<T> {
  index: number;
  externalId: string | null;
  item?: T;
  outcome?: ItemOutcome;
}

/** The field an issue names, `(item)` for the item as a whole. */
const fieldOf = (issue: z.core.$ZodIssue) => issue.path.join('.') || '(item)';

/** A zod failure as the one code that says most: an unknown enum value, a non-decimal amount, or else invalid. */
function validationOutcome(error: z.ZodError): ItemOutcome {
  const issue = error.issues[0]!;
  const field = fieldOf(issue);
  // The travel-rule block is IVMS101: every fault in it is named by its field path and IVMS101's own words.
  if (issue.path[0] === 'travelRule') return refused('INGEST_INVALID_ITEM', { field, reason: issue.message });
  if (issue.code === 'invalid_value') return refused('INGEST_UNKNOWN_VALUE', { field });
  if (issue.code === 'invalid_format' && (issue as { format?: string }).format === 'regex') {
    if (/^(amount|fee|unitPrice|rate|available|locked)$/.test(field))
      return refused('INGEST_INVALID_DECIMAL', { field });
  }
  if (issue.code === 'invalid_type' && /^(amount|fee|unitPrice|rate|available|locked)$/.test(field))
    return refused('INGEST_INVALID_DECIMAL', { field });
  if (issue.code === 'unrecognized_keys')
    return refused('INGEST_UNKNOWN_FIELD', { field: issue.keys[0] ?? field });
  return refused('INGEST_INVALID_ITEM', { field, reason: issue.message });
}

const externalIdOf = (raw: unknown): string | null => {
  if (raw && typeof raw === 'object') {
    const id = (raw as Record<string, unknown>).externalId;
    if (typeof id === 'string' && id.length <= 128 && unstorableTextPath(id) === undefined) return id;
  }
  return null;
};

/** Checks each raw item on its own; the valid ones keep their parsed value. */
async function validate<T>(kind: IngestKind<T>, raw: unknown[]): Promise<Slot<T>[]> {
  const slots: Slot<T>[] = new Array(raw.length);
  for (let start = 0; start < raw.length; start += VALIDATE_SLICE) {
    if (start > 0) await yieldToLoop();
    const end = Math.min(raw.length, start + VALIDATE_SLICE);
    for (let index = start; index < end; index++) {
      const value = raw[index];
      if (isMalformed(value)) {
        slots[index] = {
          index,
          externalId: null,
          outcome: refused('INGEST_MALFORMED_LINE', { line: index + 1 }),
        };
        continue;
      }
      const externalId = externalIdOf(value);
      const badText = unstorableTextPath(value);
      if (badText !== undefined) {
        slots[index] = { index, externalId, outcome: refused('INVALID_TEXT', { field: badText }) };
        continue;
      }
      const parsed = kind.schema.safeParse(value);
      slots[index] = parsed.success
        ? { index, externalId: kind.keyOf(parsed.data), item: parsed.data }
        : { index, externalId, outcome: validationOutcome(parsed.error) };
    }
  }
  return slots;
}

/**
 * Of several valid items with one key in a batch, the one with the highest version (the last of
 * equals) is applied; the others are answered as an older arrival would be: stale, or unchanged
 * when their version equals the applied one.
 */
function onePerKey<T>(kind: IngestKind<T>, slots: Slot<T>[]): Slot<T>[] {
  const winners = new Map<string, Slot<T>>();
  for (const slot of slots) {
    if (!slot.item) continue;
    const key = kind.keyOf(slot.item);
    const held = winners.get(key);
    if (!held) {
      winners.set(key, slot);
      continue;
    }
    const loser = kind.versionOf(slot.item) >= kind.versionOf(held.item!) ? held : slot;
    const winner = loser === held ? slot : held;
    loser.outcome = kind.versionOf(loser.item!) === kind.versionOf(winner.item!) ? UNCHANGED : STALE;
    winners.set(key, winner);
  }
  return [...winners.values()];
}

/** The database errors an item can cause (a unique key taken, a value out of a column's range). */
function itemErrorOutcome(err: unknown): ItemOutcome {
  if (err instanceof AppError) return refused(err.code, err.params as Record<string, string | number>);
  const code =
    (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
  if (code === '23505') return refused('INGEST_DUPLICATE_KEY');
  if (code === '22003' || code === '22007' || code === '22008')
    return refused('INGEST_INVALID_ITEM', { field: '(item)', reason: 'A value is out of range' });
  return refused('INGEST_ITEM_NOT_STORED');
}

/**
 * Validates and applies one batch of `kind`. Runs in the request's transaction when there is one (an
 * idempotent call's stored answer then commits with the rows), else in its own. Never throws for an
 * item; throws only when the database itself fails.
 */
export async function ingestBatch<T>(
  db: Db,
  kind: IngestKind<T>,
  raw: unknown[],
  source: IngestSource,
): Promise<IngestResponse> {
  const slots = await validate(kind, raw);
  const winners = onePerKey(kind, slots);
  if (winners.length > 0) {
    const outer = requestTransaction();
    const transaction = outer ? outer.transaction.bind(outer) : db.transaction.bind(db);
    await transaction(async (tx: Tx) => {
      const items = winners.map((s) => s.item!);
      let outcomes: ItemOutcome[];
      try {
        // A savepoint, so a failed set leaves the transaction usable for the one-by-one pass.
        outcomes = await tx.transaction((sp) => kind.apply(sp, items, source));
      } catch {
        outcomes = [];
        for (const item of items) {
          try {
            outcomes.push((await tx.transaction((sp) => kind.apply(sp, [item], source)))[0]!);
          } catch (err) {
            outcomes.push(itemErrorOutcome(err));
          }
        }
      }
      winners.forEach((slot, i) => {
        slot.outcome = outcomes[i]!;
      });
    });
  }
  return answer(slots);
}

function answer(slots: Slot<unknown>[]): IngestResponse {
  const counts = { applied: 0, unchanged: 0, stale: 0, refused: 0 };
  const results: IngestItemResult[] = slots.map((slot) => {
    const outcome = slot.outcome!;
    counts[outcome.status]++;
    if (outcome.status !== 'refused')
      return { index: slot.index, externalId: slot.externalId, status: outcome.status };
    return {
      index: slot.index,
      externalId: slot.externalId,
      status: 'refused',
      code: outcome.code,
      message: errorMessage(outcome.code, outcome.params ?? {}),
    };
  });
  return { received: slots.length, ...counts, results };
}
