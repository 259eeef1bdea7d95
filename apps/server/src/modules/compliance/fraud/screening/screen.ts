// Screening customers against the lists: blocking in SQL (shared name sounds), scoring and explaining in
// code (names.ts), hits stored and raised as `screening_hit` alerts through the engine.
import { fraudApi } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../../db/client.ts';
import type { Clock } from '../../../../lib/clock.ts';
import { readSetting } from '../../../platform/app-settings/app-settings.repository.ts';
import type { RunContext } from '../runs/fraud-runs.ts';
import { explainMatch } from './names.ts';
import type { ScreeningRepository } from './screening.repository.ts';
import { SCREENING_THRESHOLD_KEY } from './screening-settings.ts';

/** What the engine's raiseAlerts takes for one alert (fraud-engine.ts `Candidate`). */
export interface ScreeningCandidate {
  customerId: number;
  windowKey: string;
  windowStart: Date;
  windowEnd: Date;
  eventAt: Date;
  figures: Record<string, string | number>;
  evidence: { kind: 'screening_entry'; refId: number }[];
}

export type RaiseAlerts = (
  tx: DbOrTx,
  ruleCode: 'screening_hit',
  list: ScreeningCandidate[],
) => Promise<{ raised: number[] }>;

export interface ScreenDeps {
  db: Db;
  clock: Clock;
  repo: ScreeningRepository;
  raiseAlerts: RaiseAlerts;
}

/** Customers per rescreen transaction: one chunk's pairs are scored and committed together. */
export const RESCREEN_CHUNK = 20_000;
/** Chunks screened at once: the 2-core target machine, one connection each. */
export const RESCREEN_WORKERS = 2;

export async function readThreshold(db: DbOrTx): Promise<number> {
  return (
    (await readSetting<number>(db, SCREENING_THRESHOLD_KEY))?.value ?? fraudApi.SCREENING_THRESHOLD.default
  );
}

/** Scores candidate pairs; stores and raises those at or above the threshold. Returns the hits. */
async function scorePairs(
  tx: DbOrTx,
  deps: ScreenDeps,
  pairs: { customerId: number; entryId: number }[],
  threshold: number,
): Promise<number> {
  if (!pairs.length) return 0;
  const customers = await deps.repo.customers(tx, [...new Set(pairs.map((p) => p.customerId))]);
  const entries = await deps.repo.entriesByIds(tx, [...new Set(pairs.map((p) => p.entryId))]);
  const hits: { customerId: number; entryId: number; explanation: fraudApi.ScreeningExplanation }[] = [];
  for (const pair of pairs) {
    const customer = customers.get(pair.customerId);
    const entry = entries.get(pair.entryId);
    if (!customer || !entry) continue;
    const explanation = explainMatch(customer, entry);
    if (explanation.score >= threshold) hits.push({ ...pair, explanation });
  }
  if (!hits.length) return 0;
  const at = deps.clock.now();
  const matchIds = await deps.repo.upsertMatches(tx, hits, at);
  await deps.raiseAlerts(
    tx,
    'screening_hit',
    hits.map((h) => {
      const entry = entries.get(h.entryId)!;
      return {
        customerId: h.customerId,
        // One alert per (customer, entry) ever: a rescreen or a new file never raises it twice.
        windowKey: `entry:${h.entryId}`,
        windowStart: at,
        windowEnd: at,
        eventAt: at,
        figures: {
          score: h.explanation.score.toFixed(3),
          threshold: threshold.toFixed(2),
          entry: entry.name,
          list: entry.listName,
          evidence: h.explanation.evidence,
        },
        evidence: [{ kind: 'screening_entry', refId: matchIds.get(`${h.customerId}:${h.entryId}`)! }],
      };
    }),
  );
  return hits.length;
}

/** Screens these customers now, in `tx` (a new or renamed customer: the engine's customer events). */
export async function screenCustomers(tx: DbOrTx, deps: ScreenDeps, customerIds: number[]): Promise<number> {
  if (!customerIds.length) return 0;
  const pairs = await deps.repo.candidatePairs(tx, { only: customerIds });
  return scorePairs(tx, deps, pairs, await readThreshold(tx));
}

/**
 * Every customer against every active entry, a chunk of customer ids per transaction, reporting progress
 * and stopping between chunks when cancelled. Safe to repeat: hits upsert, alerts deduplicate.
 */
export async function rescreenAll(
  deps: ScreenDeps,
  ctx?: RunContext,
): Promise<{ customers: number; hits: number }> {
  const { maxId, count } = await deps.repo.customerRange(deps.db);
  const threshold = await readThreshold(deps.db);
  let hits = 0;
  let done = 0;
  let next = 0;
  let stopped = false;
  const chunk = async (after: number) => {
    const upTo = Math.min(after + RESCREEN_CHUNK, maxId);
    const found = await deps.db.transaction(async (tx) => {
      // The blocking join spans thousands of keys: hash joins with room to aggregate in memory,
      // whatever the planner guesses; then back to the defaults for the inserts and their triggers.
      await tx.execute(sql`SET LOCAL enable_nestloop = off`);
      await tx.execute(sql`SET LOCAL work_mem = '128MB'`);
      const pairs = await deps.repo.candidatePairs(tx, { after, upTo });
      await tx.execute(sql`RESET enable_nestloop`);
      await tx.execute(sql`RESET work_mem`);
      return scorePairs(tx, deps, pairs, threshold);
    });
    hits += found;
    done += upTo - after;
    await ctx?.progress(done, maxId);
  };
  // RESCREEN_WORKERS chunks at a time (one per core), each in its own transaction and connection.
  const worker = async () => {
    while (next < maxId && !stopped) {
      if (ctx && (await ctx.cancelled())) {
        stopped = true;
        break;
      }
      const after = next;
      next += RESCREEN_CHUNK;
      await chunk(after);
    }
  };
  await Promise.all(Array.from({ length: RESCREEN_WORKERS }, worker));
  await ctx?.log('info', 'rescreened', { customers: count, hits, threshold });
  return { customers: count, hits };
}
