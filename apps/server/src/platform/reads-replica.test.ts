import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../test/eventually.ts';
import { createDb, createPool, type Db } from '../db/client.ts';
import { type EmbeddedDatabase, startEmbeddedDatabase } from '../db/embedded.ts';
import { runMigrations } from '../db/migrate.ts';
import { startStandby } from '../db/standby.ts';
import { createMembersService } from '../modules/settings/members/members.service.ts';
import { createReads, type Reads } from './reads.ts';

// A real streaming replica: an embedded primary and a standby made from its base backup.
const dirs: string[] = [];
let primary: EmbeddedDatabase;
let standby: EmbeddedDatabase;
let db: Db;
let replicaAdmin: ReturnType<typeof createPool>;
let reads: Reads;

beforeAll(async () => {
  const mk = async (n: string) => {
    const d = await fs.mkdtemp(path.join(os.tmpdir(), `backdesk-${n}-`));
    dirs.push(d);
    return d;
  };
  const primaryDir = await mk('primary');
  primary = await startEmbeddedDatabase(primaryDir);
  db = createDb(createPool(primary.url, 4));
  await runMigrations(db.$client);
  await createMembersService(db).seedDemoMembers();
  standby = await startStandby(primaryDir, await mk('standby'));
  replicaAdmin = createPool(standby.url, 1);
  reads = createReads({ primary: db, replicaUrl: standby.url });
}, 60_000);

afterAll(async () => {
  await reads?.close();
  await replicaAdmin?.end();
  await db?.$client.end();
  await standby?.stop();
  await primary?.stop();
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
});

describe('READ_DATABASE_URL on a real streaming replica', () => {
  it('streams the primary, and reads a member from the primary until their write is replayed', async () => {
    const { rows } = await replicaAdmin.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby');
    expect(rows[0]!.standby).toBe(true);
    const ids = await db.$client.query<{ id: number; user_name: string }>(
      "SELECT id, user_name FROM staff_members WHERE user_name IN ('admin', 'manager')",
    );
    const id = (name: string) => ids.rows.find((r) => r.user_name === name)!.id;

    // Replay held: the replica lags for certain.
    await replicaAdmin.query('SELECT pg_wal_replay_pause()');
    await db.$client.query("UPDATE staff_members SET display_name = 'Admin (renamed)' WHERE id = $1", [
      id('admin'),
    ]);
    await reads.markWrite(id('admin'));
    expect(await reads.db(id('admin'))).toBe(db);
    expect(await reads.db(id('manager'))).toBe(reads.replica);
    const stale = await reads.replica!.$client.query('SELECT display_name FROM staff_members WHERE id = $1', [
      id('admin'),
    ]);
    expect(stale.rows[0]!.display_name).not.toBe('Admin (renamed)');

    await replicaAdmin.query('SELECT pg_wal_replay_resume()');
    await until(async () => (await reads.db(id('admin'))) === reads.replica, 'the replayed write', {
      everyMs: 50,
    });
    const fresh = await reads.replica!.$client.query('SELECT display_name FROM staff_members WHERE id = $1', [
      id('admin'),
    ]);
    expect(fresh.rows[0]!.display_name).toBe('Admin (renamed)');
  });
});
