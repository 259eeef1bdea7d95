import { CAPABILITIES, type fraudApi } from '@backdesk/contract';
import type { z } from 'zod';
import type { Db } from '../../../../db/client.ts';
import { AppError } from '../../../../lib/app-error.ts';
import type { Clock } from '../../../../lib/clock.ts';
import type { InboxService } from '../../../inbox/index.ts';
import type { Actor, createChanges } from '../../../platform/audit/changes.ts';
import type { FraudRuns } from '../runs/fraud-runs.ts';
import { blockingKeys, byStrength, explainMatch } from './names.ts';
import type { ParsedList } from './parse.ts';
import { readThreshold } from './screen.ts';
import { type ScreeningRepository, toEntryDto } from './screening.repository.ts';

/** What the import's `receive` read: the entries, and what tells one file from another. */
export interface ReceivedList extends ParsedList {
  fileName: string | null;
  sha256: string;
}

/** The "try a name" box shows entries from this score up, so a member sees what falls just short. */
const TRY_FLOOR = 0.5;
const TRY_LIMIT = 25;

export interface ScreeningServiceDeps {
  db: Db;
  clock: Clock;
  changes: ReturnType<typeof createChanges>;
  repo: ScreeningRepository;
  runs: Pick<FraudRuns, 'start'>;
  notice: InboxService['notice'];
}

export function createScreeningService(deps: ScreeningServiceDeps) {
  const { db, clock, changes, repo, runs } = deps;

  return {
    lists: () => repo.lists(db),

    /**
     * Replaces the named list with the file's entries (or creates it), starts a rescreen of everyone
     * and tells the members in their inbox; all in one transaction, audited.
     */
    importList(
      query: z.output<typeof fraudApi.ImportScreeningListQuerySchema>,
      file: ReceivedList,
      actor: Actor,
    ) {
      return changes.run(actor, async (tx) => {
        const at = clock.now();
        const before = await repo.listByNameForUpdate(tx, query.name);
        const id =
          before?.id ??
          (await repo.insertList(tx, {
            name: query.name,
            format: query.format,
            at,
            memberId: actor.memberId,
          }));
        const counts = await repo.replaceEntries(tx, id, file.entries, at);
        await repo.touchList(tx, id, {
          format: file.format,
          fileName: file.fileName,
          sha256: file.sha256,
          count: file.entries.length,
          at,
          memberId: actor.memberId,
        });
        const run = await runs.start(tx, 'rescreen', { list_id: id, reason: 'list_import' }, actor);
        const list = (await repo.listById(tx, id))!;
        const audience = (await repo.membersWithRoles(tx, CAPABILITIES.operate)).filter(
          (m) => m !== actor.memberId,
        );
        await deps.notice(tx, {
          code: 'screening_list_updated',
          sourceRef: `screening_list:${id}:${at.getTime()}`,
          subject: list.name,
          params: {
            list: list.name,
            entries: list.entry_count,
            added: counts.added,
            removed: counts.removed,
          },
          audience,
        });
        return {
          result: { list, ...counts, run_id: run.id },
          change: {
            entity: 'screening_list',
            action: 'upload',
            entityId: id,
            before: before
              ? { format: before.format, file_name: before.file_name, entry_count: before.entry_count }
              : null,
            after: {
              name: list.name,
              format: list.format,
              file_name: list.file_name,
              entry_count: list.entry_count,
            },
          },
        };
      });
    },

    /** Starts a rescreen of everyone (a cancellable run), audited as the run's creation. */
    rescreen(actor: Actor) {
      return changes.run(actor, async (tx) => {
        const run = await runs.start(tx, 'rescreen', { reason: 'manual' }, actor);
        return {
          result: { run_id: run.id },
          change: {
            entity: 'fraud_run',
            action: 'create',
            entityId: run.id,
            before: null,
            after: { kind: 'rescreen' },
          },
        };
      });
    },

    /** A name screened without saving anything: every entry from TRY_FLOOR up, explained, best first. */
    async tryName(query: z.output<typeof fraudApi.TryScreeningNameQuerySchema>) {
      const entries = await repo.entriesByKeys(db, blockingKeys(query.name));
      const person = {
        name: query.name,
        birthDate: query.birth_date ?? null,
        nationality: query.nationality ?? null,
      };
      const hits = entries
        .map((entry) => ({ entry: toEntryDto(entry), explanation: explainMatch(person, entry) }))
        .filter((h) => h.explanation.score >= TRY_FLOOR)
        .sort((a, b) => byStrength(a.explanation, b.explanation))
        .slice(0, TRY_LIMIT);
      return { threshold: await readThreshold(db), hits };
    },

    async evidence(alertId: number) {
      const found = await repo.alertEvidence(db, alertId);
      if (!found) throw new AppError('SCREENING_ALERT_NOT_FOUND');
      const customer = (await repo.customers(db, [found.customerId])).get(found.customerId)!;
      const entries = await repo.entriesByIds(
        db,
        found.matches.map((m) => m.entryId),
      );
      return {
        customer: {
          id: customer.id,
          name: customer.name,
          birth_date: customer.birthDate,
          nationality: customer.nationality,
        },
        hits: found.matches
          .filter((m) => entries.has(m.entryId))
          .map((m) => ({
            match_id: m.id,
            matched_at: m.matchedAt,
            entry: toEntryDto(entries.get(m.entryId)!),
            explanation: m.explanation,
          })),
      };
    },
  };
}
export type ScreeningService = ReturnType<typeof createScreeningService>;
