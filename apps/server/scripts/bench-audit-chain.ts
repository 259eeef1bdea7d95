// npm run bench:audit-chain [-- --writers 20 --seconds 10 --pairs 3]
//
// Audited commits side by side, on one embedded PostgreSQL (decision 0032): each writer linking the
// chain in its own commit under the chain's lock (migration 0030's trigger, put back in a database
// of its own), against writers that only insert while the linker links behind them every 200 ms, as
// a node running jobs does (0064); and the latter again with a NOTIFY in each commit, the next lock
// a held withdrawal's commit takes. Each writer commits one audit row a statement, back to back, the
// shape of a held withdrawal's audit row (`changes.statement`). Interleaved rounds, their medians,
// and both chains verified at the end.
//
// This measures the chain alone, below HTTP: bench:ingest measures the checks that write these rows
// over HTTP, where the run-to-run spread of two shared cores hides a change of this size.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { createDb, createPool } from '../src/db/client.ts';
import { startEmbeddedDatabase } from '../src/db/embedded.ts';
import { MIGRATIONS_DIR, runMigrations } from '../src/db/migrate.ts';
import { linkAuditTrail } from '../src/modules/logs/access-log/audit-linker.ts';
import { checkpointSigner, verifyChain } from '../src/modules/logs/access-log/log-chain.ts';
import { inDataDir, machineLine, percentiles, printTable } from './bench-support.ts';

const { values: args } = parseArgs({
  options: {
    writers: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '10' },
    pairs: { type: 'string', default: '3' },
  },
});
const WRITERS = Number(args.writers);
const SECONDS = Number(args.seconds);
const PAIRS = Number(args.pairs);

/** Migration 0030's link at commit, as it was before 0064 dropped it: read from the migration itself. */
const LINK_AT_COMMIT = fs
  .readFileSync(path.join(MIGRATIONS_DIR, '0030_audit_chain_at_commit.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .filter((statement) => /CREATE (FUNCTION bd_chain_audit_log_at_commit|CONSTRAINT TRIGGER)/.test(statement));

/**
 * A held withdrawal's audit row, one statement: its own transaction, committed with a WAL flush. No
 * actor (a system change), so the row needs no integration to refer to.
 */
const AUDIT_ROW = `INSERT INTO audit_log (request_id, action, entity, entity_id, customer_id, before, after)
  VALUES ($1, 'hold', 'wallet_transaction', $2, $3, '{"status":"pending"}', '{"status":"under_review"}')`;

interface Phase {
  commits: number;
  perSecond: number;
  p50: number;
  p99: number;
}

/**
 * The same row with a NOTIFY, as a held withdrawal's commit has one (its inbox item's live event):
 * PostgreSQL takes one lock for the whole cluster at a notifying commit, through its WAL flush.
 */
const AUDIT_ROW_NOTIFIED = `WITH a AS (${AUDIT_ROW} RETURNING id) SELECT pg_notify('bench_audit_chain', id::text) FROM a`;

async function writeFor(pool: pg.Pool, seconds: number, statement = AUDIT_ROW): Promise<Phase> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, w) => {
      while (performance.now() < until) {
        const started = performance.now();
        n += 1;
        await pool.query(statement, [`bench-${w}-${n}`, String(n), w + 1]);
        latencies.push(performance.now() - started);
      }
    }),
  );
  const p = percentiles(latencies);
  return { commits: latencies.length, perSecond: latencies.length / seconds, p50: p.p50, p99: p.p99 };
}

/** The node's linker: every 200 ms while `running()`, as access-log.module.ts runs it. */
async function linkWhile(db: ReturnType<typeof createDb>, running: () => boolean): Promise<void> {
  while (running()) {
    await linkAuditTrail(db, { wait: false });
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

await inDataDir(undefined, 'backdesk-bench-audit-', async (dir) => {
  const database = await startEmbeddedDatabase(dir);
  const pools: pg.Pool[] = [];
  try {
    const other = (name: string) => database.url.replace(/\/backdesk(\?|$)/, `/${name}$1`);
    const owner = createPool(database.url, 2);
    await runMigrations(owner);
    // A template copies only while nobody is connected to it.
    await owner.end();
    const admin = createPool(other('postgres'), 1);
    pools.push(admin);
    await admin.query('CREATE DATABASE at_commit TEMPLATE backdesk');
    const atCommitUrl = other('at_commit');
    const atCommit = createPool(atCommitUrl, WRITERS);
    const linked = createPool(database.url, WRITERS);
    const linker = createPool(database.url, 1);
    pools.push(atCommit, linked, linker);
    if (LINK_AT_COMMIT.length !== 2) throw new Error('migration 0030 no longer holds the link at commit');
    for (const statement of LINK_AT_COMMIT) await atCommit.query(statement);

    console.log(machineLine());
    console.log(`${WRITERS} writers, ${SECONDS} s a phase, ${PAIRS} interleaved pairs…`);
    const runs: { atCommit: Phase; linked: Phase & { lagRows: number }; notified: Phase }[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const before = await writeFor(atCommit, SECONDS);
      let writing = true;
      const linking = linkWhile(createDb(linker), () => writing);
      const after = await writeFor(linked, SECONDS);
      writing = false;
      await linking;
      const { rows } = await linked.query<{ n: string }>(
        'SELECT count(*) AS n FROM audit_log a WHERE NOT EXISTS (SELECT 1 FROM audit_chain c WHERE c.audit_id = a.id)',
      );
      const lagRows = Number(rows[0]!.n);
      writing = true;
      const linkingAgain = linkWhile(createDb(linker), () => writing);
      const notified = await writeFor(linked, SECONDS, AUDIT_ROW_NOTIFIED);
      writing = false;
      await linkingAgain;
      runs.push({ atCommit: before, linked: { ...after, lagRows }, notified });
    }

    const row = (label: string, pick: (r: (typeof runs)[number]) => Phase) => [
      label,
      ...runs.map(
        (r) => `${Math.round(pick(r).perSecond)} · ${pick(r).p50.toFixed(1)} / ${pick(r).p99.toFixed(1)}`,
      ),
      Math.round(median(runs.map((r) => pick(r).perSecond))),
      median(runs.map((r) => pick(r).p50)).toFixed(1),
      median(runs.map((r) => pick(r).p99)).toFixed(1),
    ];
    console.log('');
    printTable(
      [
        'audited commits',
        ...runs.map((_, i) => `round ${i + 1}: /s · p50 / p99 ms`),
        'median /s',
        'p50 ms',
        'p99 ms',
      ],
      [
        row('each writer links at commit (0030)', (r) => r.atCommit),
        row('the linker links behind (0064)', (r) => r.linked),
        row('the linker behind, each commit notifying', (r) => r.notified),
      ],
    );
    const ratio = median(runs.map((r) => r.linked.perSecond)) / median(runs.map((r) => r.atCommit.perSecond));
    const notifiedRatio =
      median(runs.map((r) => r.notified.perSecond)) / median(runs.map((r) => r.linked.perSecond));
    console.log(`\nthroughput, the linker over links at commit: ${ratio.toFixed(2)}×`);
    console.log(`throughput, notifying commits over the same without NOTIFY: ${notifiedRatio.toFixed(2)}×`);
    console.log(
      `rows awaiting their link when a linked phase ended: ${runs.map((r) => r.linked.lagRows).join(', ')}`,
    );

    const signer = checkpointSigner('bench-audit-chain'.padEnd(40, 'x'));
    for (const [label, url] of [
      ['links at commit', atCommitUrl],
      ['the linker', database.url],
    ] as const) {
      const pool = createPool(url, 2);
      pools.push(pool);
      const result = await verifyChain(createDb(pool), 'audit', signer);
      console.log(
        `chain (${label}): ${result.intact ? 'intact' : `BROKEN at ${result.broken_id}`}, ${result.checked} links`,
      );
      if (!result.intact) process.exitCode = 1;
    }
  } finally {
    await Promise.all(pools.map((p) => p.end().catch(() => {})));
    await database.stop();
  }
});
