import { buffer } from 'node:stream/consumers';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Actor, Changes } from '../../platform/audit/changes.ts';
import { type DocumentStore, recheckStoredFile } from '../../platform/documents/index.ts';
import type { FraudRuns, RunContext } from '../fraud/runs/fraud-runs.ts';
import type { KycQuarantineRepository, StoredDocument } from './kyc-quarantine.repository.ts';

/** Documents read per step of a recheck: progress and the cancel request are looked at between steps. */
const CHUNK = 200;

interface QuarantineDeps {
  db: Db;
  clock: Clock;
  changes: Changes;
  repo: KycQuarantineRepository;
  store: DocumentStore;
  runs: Pick<FraudRuns, 'start' | 'handle'>;
}

/**
 * Stored documents checked again with the current file checks (kyc-files' recheckStoredFile), as a
 * run of its own; a document that fails is quarantined, with its audit row, and from then on refused
 * to the viewer, the download and every decision. Nothing is deleted: the row and the file stay.
 */
export function createKycQuarantineService({ db, clock, changes, repo, store, runs }: QuarantineDeps) {
  async function quarantine(doc: StoredDocument, verdict: Refusal, runId: number, ctx: RunContext) {
    const added = await changes.run({ memberId: null, requestId: `run-${runId}` }, async (tx) => {
      const inserted = await repo.insert(tx, { documentId: doc.id, ...verdict, runId, at: clock.now() });
      return {
        result: inserted,
        change: inserted
          ? {
              entity: 'kyc_document' as const,
              action: 'quarantine' as const,
              entityId: doc.id,
              customerId: doc.customer_id,
              before: null,
              after: { code: verdict.code, feature: verdict.feature, sha256: doc.sha256, run_id: runId },
            }
          : null,
      };
    });
    if (added)
      await ctx.log('warn', 'documentQuarantined', {
        document: doc.id,
        code: verdict.code,
        feature: verdict.feature,
      });
    return added;
  }

  /** The run: every stored document once, each distinct file read once (copies share a SHA-256). */
  async function recheck(_params: unknown, ctx: RunContext) {
    const total = await repo.countStored(db);
    await ctx.progress(0, total);
    const verdicts = new Map<string, Refusal | null>();
    let done = 0;
    let quarantined = 0;
    let missing = 0;
    for (let after = 0; ; ) {
      const chunk = await repo.storedAfter(db, after, CHUNK);
      if (!chunk.length) break;
      for (const doc of chunk) {
        if (!verdicts.has(doc.sha256)) {
          const bytes = await store
            .open(doc.sha256)
            .then(buffer)
            .catch(() => undefined);
          if (!bytes) {
            missing++;
            await ctx.log('warn', 'documentFileMissing', { document: doc.id });
            continue;
          }
          verdicts.set(doc.sha256, refusalOf(recheckStoredFile(bytes, doc.content_type)));
        }
        const verdict = verdicts.get(doc.sha256);
        if (verdict && (await quarantine(doc, verdict, ctx.runId, ctx))) quarantined++;
      }
      after = chunk.at(-1)!.id;
      done += chunk.length;
      await ctx.progress(Math.min(done, total), total);
      if (await ctx.cancelled()) break;
    }
    return { checked: done, quarantined, missing };
  }

  runs.handle('document_recheck', recheck);

  return {
    list: (query: Parameters<KycQuarantineRepository['page']>[1]) => repo.page(db, query),

    /** Starts a recheck, one at a time across nodes, audited as the run's creation. */
    startRecheck(actor: Actor): Promise<{ run_id: number }> {
      return changes.run(actor, async (tx) => {
        if (await repo.recheckUnderWay(tx)) throw new AppError('DOCUMENT_RECHECK_RUNNING');
        const run = await runs.start(tx, 'document_recheck', {}, actor);
        return {
          result: { run_id: run.id },
          change: {
            entity: 'fraud_run' as const,
            action: 'create' as const,
            entityId: run.id,
            before: null,
            after: { kind: 'document_recheck' },
          },
        };
      });
    },
  };
}
export type KycQuarantineService = ReturnType<typeof createKycQuarantineService>;

type Refusal = { code: QuarantineCodeOf; feature: string | null; detail: string | null };
type QuarantineCodeOf = Parameters<KycQuarantineRepository['insert']>[1]['code'];

function refusalOf(verdict: ReturnType<typeof recheckStoredFile>): Refusal | null {
  if (verdict.ok) return null;
  return {
    code: verdict.code,
    feature: 'feature' in verdict ? verdict.feature : null,
    detail: 'detail' in verdict ? verdict.detail : null,
  };
}
