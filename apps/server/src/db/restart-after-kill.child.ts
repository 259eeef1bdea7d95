/**
 * The process restart-after-kill.test.ts kills: starts the embedded database on the folder it is
 * given, as `npm start` does, then writes rows one at a time and prints each committed id
 * ("ack <id>") on stdout. Ids are `round * 1e6 + n`, so every round writes rows of its own.
 *
 *   node --import tsx restart-after-kill.child.ts <dataDir> <round> [busy]
 *
 * With `busy`, a second connection first runs a statement that lasts (up to its 20 s timeout), and
 * "busy <backend pid>" is printed once it runs: its backend outlives a kill of this process group.
 */
import pg from 'pg';
import { startEmbeddedDatabase } from './embedded.ts';

const [dataDir, roundText, mode] = process.argv.slice(2);
if (!dataDir || !roundText) throw new Error('usage: restart-after-kill.child.ts <dataDir> <round> [busy]');
const firstId = Number(roundText) * 1_000_000;

const db = await startEmbeddedDatabase(dataDir, (msg) => process.stderr.write(`${msg}\n`)).catch(
  (err: unknown) => {
    process.stdout.write(`failed ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(3);
  },
);
const client = new pg.Client({ connectionString: db.url });
await client.connect();
await client.query('CREATE TABLE IF NOT EXISTS acknowledged_writes (id bigint PRIMARY KEY)');
process.stdout.write('started\n');
if (mode === 'busy') process.stdout.write(`busy ${await startLongStatement()}\n`);
for (let id = firstId; ; id++) {
  await client.query('INSERT INTO acknowledged_writes (id) VALUES ($1)', [id]);
  process.stdout.write(`ack ${id}\n`);
}

/** Starts a CPU-bound statement on a connection of its own; resolves with its backend's pid once it runs. */
async function startLongStatement(): Promise<number> {
  const busy = new pg.Client({ connectionString: db.url });
  await busy.connect();
  const { rows } = await busy.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const pid = rows[0]!.pid;
  await busy.query("SET statement_timeout = '20s'");
  busy.query('SELECT count(*) FROM generate_series(1, 10000000000)').catch(() => {});
  for (;;) {
    const active = await client.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND state = 'active'", [
      pid,
    ]);
    if (active.rowCount) return pid;
  }
}
