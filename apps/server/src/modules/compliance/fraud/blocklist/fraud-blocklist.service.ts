import { type FraudRuleCode, fraudApi } from '@backdesk/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../../db/client.ts';
import { AppError } from '../../../../lib/app-error.ts';
import { type Clock, daysBefore } from '../../../../lib/clock.ts';
import type { Actor, createChanges } from '../../../platform/audit/changes.ts';
import type { FraudRuns } from '../runs/fraud-runs.ts';
import { parseBlocklistCsv } from './blocklist-csv.ts';
import type { BlocklistFilters, FraudBlocklistRepository } from './fraud-blocklist.repository.ts';

type AddBody = z.output<typeof fraudApi.AddBlocklistEntryBodySchema>;
type BlocklistEntry = fraudApi.BlocklistEntry;

const RULE: FraudRuleCode = 'blocklisted_address';

export interface FraudBlocklistServiceDeps {
  db: Db;
  clock: Clock;
  repo: FraudBlocklistRepository;
  changes: ReturnType<typeof createChanges>;
  runs: Pick<FraudRuns, 'start'>;
}

/** What an audit row shows of an entry. */
const audited = (e: BlocklistEntry) => ({
  kind: e.kind,
  value: e.value,
  network: e.network,
  reason: e.reason,
  source: e.source,
  state: e.state,
});

export function createFraudBlocklistService(deps: FraudBlocklistServiceDeps) {
  const { db, clock, repo, changes } = deps;

  /** History hitting new entries raises alerts: the blocklist rule rescanned over the last 90 days (R47). */
  function rescan(tx: DbOrTx, actor: Actor, at: Date) {
    const from = daysBefore(at, fraudApi.BLOCKLIST_RESCAN_DAYS);
    return deps.runs.start(
      tx,
      'rescan',
      { rules: [RULE], from: from.toISOString(), to: at.toISOString() },
      actor,
    );
  }

  return {
    list: (query: Parameters<FraudBlocklistRepository['page']>[1]) => repo.page(db, query),

    exportQuery: (filters: BlocklistFilters, order: Parameters<FraudBlocklistRepository['exportQuery']>[1]) =>
      repo.exportQuery(filters, order),

    add(body: AddBody, actor: Actor) {
      return changes.run(actor, async (tx) => {
        // The contract checked both; normalising here is what gets stored and matched.
        const value = fraudApi.normaliseBlocklistValue(body.kind, body.value);
        if (value === undefined) throw new AppError('BLOCKLIST_VALUE_INVALID', { kind: body.kind });
        const network = body.network?.trim() ? (fraudApi.normaliseNetwork(body.network) ?? null) : null;
        if (network && body.kind !== 'address') throw new AppError('BLOCKLIST_NETWORK_NOT_ALLOWED');
        const at = clock.now();
        const [id] = await repo.insert(
          tx,
          [{ kind: body.kind, value, network, reason: body.reason, source: body.source }],
          actor.memberId,
          at,
        );
        if (id === undefined) throw new AppError('BLOCKLIST_ENTRY_EXISTS');
        const entry = (await repo.byId(tx, id))!;
        const run = await rescan(tx, actor, at);
        return {
          result: { entry, rescanRunId: run.id },
          change: {
            entity: 'fraud_blocklist_entry',
            action: 'add',
            entityId: id,
            before: null,
            after: audited(entry),
          },
        };
      });
    },

    /** Removes an entry (the row stays, marked removed): it matches nothing from now on. */
    remove(body: { id: number; version: number }, actor: Actor) {
      return changes.run(actor, async (tx) => {
        const before = await repo.byId(tx, body.id, true);
        if (!before) throw new AppError('BLOCKLIST_ENTRY_NOT_FOUND');
        if (before.version !== body.version) throw new AppError('STALE_EDIT');
        if (before.state === 'removed') return { result: before, change: null };
        await repo.remove(tx, body.id, actor.memberId, clock.now());
        const after = (await repo.byId(tx, body.id))!;
        return {
          result: after,
          change: {
            entity: 'fraud_blocklist_entry',
            action: 'delete',
            entityId: body.id,
            before: audited(before),
            after: audited(after),
          },
        };
      });
    },

    /** Imports a CSV file whole or not at all; values listed already are skipped. One audit row. */
    import(content: string, actor: Actor) {
      const entries = parseBlocklistCsv(content);
      return changes.run(actor, async (tx) => {
        const at = clock.now();
        const ids = await repo.insert(tx, entries, actor.memberId, at);
        const run = ids.length ? await rescan(tx, actor, at) : null;
        return {
          result: {
            imported: ids.length,
            skipped: entries.length - ids.length,
            rescanRunId: run?.id ?? null,
          },
          change: ids.length
            ? {
                entity: 'fraud_blocklist_entry',
                action: 'import',
                entityId: ids[0]!,
                before: null,
                after: { imported: ids.length, skipped: entries.length - ids.length, ids },
              }
            : null,
        };
      });
    },
  };
}
export type FraudBlocklistService = ReturnType<typeof createFraudBlocklistService>;
